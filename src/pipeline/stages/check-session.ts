import { HttpError } from '../../errors.ts';
import { sessionHeaderOf, sessionNameProblem } from '../../sessions/session-of.ts';
import { refusal, type Arrival, type PipelineDeps } from '../request-states.ts';

/**
 * Refuses a session name the mock cannot keep state under (too long, or empty), and a request
 * whose base URL (`/__session/NAME/`) and `X-Mock-Session` name two different sessions.
 */
export function checkSession(arrival: Arrival, deps: PipelineDeps): void {
  const header = sessionHeaderOf(arrival.headers);
  const { sessionInPath } = arrival;
  const problem =
    sessionInPath !== undefined && header !== undefined && header !== sessionInPath
      ? `Failed to read the session: the URL names session ${JSON.stringify(sessionInPath)} and X-Mock-Session names ${JSON.stringify(header)}. Make sure to name the session once, by the base URL or by the header.`
      : sessionNameProblem(sessionInPath ?? header);
  if (problem !== undefined)
    throw refusal(new HttpError('INVALID_CONTROL', problem), deps.contract);
}
