import { probeOf } from '../../responders/stubs/probe-of.ts';
import { whenReady } from '../../maybe-promise.ts';
import { next, type Stage } from '../context.ts';

/** The session's stub that matches the request, if any, its use counted. */
export const takeStub: Stage = (context, deps) => {
  const { operation, request, requestViolations } = context;
  if (context.stub !== undefined || operation === undefined || request === undefined) return next;
  const found = deps.stubs.take(context.arrival.session, () =>
    probeOf(request, operation.operationId, requestViolations, deps.contract.current.secrets),
  );
  return whenReady(found, (stub) => {
    context.stub = stub;
    return next;
  });
};
