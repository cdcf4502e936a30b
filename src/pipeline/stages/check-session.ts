import { HttpError } from '../../errors.ts';
import { sessionHeaderOf, sessionNameProblem } from '../../sessions/session-of.ts';
import { next, refused, type Stage } from '../context.ts';

/** Refuses a session name the mock cannot keep state under (too long, or empty). */
export const checkSession: Stage = ({ arrival }) => {
  const problem = sessionNameProblem(sessionHeaderOf(arrival.headers));
  return problem === undefined ? next : refused(new HttpError('INVALID_CONTROL', problem));
};
