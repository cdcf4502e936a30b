import { next, type Stage } from '../context.ts';

/** Finds the contract's operation for the request's method and path. */
export const route: Stage = (context, deps) => {
  const { method, path } = context.arrival;
  const found = deps.contract.route(method, path);
  context.route = found;
  context.operation = found.kind === 'matched' ? found.operation : undefined;
  return next;
};
