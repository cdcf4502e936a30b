import { HttpError } from '../../errors.ts';
import { sessionHeaderOf, sessionNameProblem } from '../../sessions/session-of.ts';
import { refusal, type Arrival, type PipelineDeps } from '../request-states.ts';

/** Refuses a session name the mock cannot keep state under (too long, or empty). */
export function checkSession(arrival: Arrival, deps: PipelineDeps): void {
  const problem = sessionNameProblem(sessionHeaderOf(arrival.headers));
  if (problem !== undefined)
    throw refusal(new HttpError('INVALID_CONTROL', problem), deps.contract);
}
