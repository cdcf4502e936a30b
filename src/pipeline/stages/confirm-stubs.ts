import { lookAgain, next, type Stage } from '../context.ts';

/**
 * An answer chosen without a stub on a shared registry's assumed view of the stubs (see
 * StubsAssumption) goes out once that view is confirmed; when the stubs had changed before the
 * request arrived, the request is decided again from the stub lookup.
 */
export const confirmStubs: Stage = ({ stubsAssumed }) => {
  if (stubsAssumed === undefined || stubsAssumed.confirmed) return next;
  return stubsAssumed.holds().then((holds) => (holds ? next : lookAgain));
};
