import { probeOf } from '../../responders/stubs/probe-of.ts';
import { next, type Stage } from '../context.ts';

/** The session's stub that matches the request, if any, its use counted. */
export const takeStub: Stage = (context, deps) => {
  const { operation, request, requestViolations } = context;
  if (context.stub !== undefined || operation === undefined || request === undefined) return next;
  context.stub = deps.stubs.take(context.arrival.session, () =>
    probeOf(request, operation.operationId, requestViolations, deps.contract.current.secrets),
  );
  return next;
};
