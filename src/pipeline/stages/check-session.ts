import { HttpError } from '../../errors.ts';
import {
  allSessions,
  sessionHeaderOf,
  sessionNameProblem,
  sessionPathPrefix,
} from '../../sessions/session-of.ts';
import { refusal, type Arrival, type PipelineDeps } from '../request-states.ts';

/**
 * Refuses a session name the mock cannot keep state under (too long, empty, or `*`, which names
 * every session in admin calls and so is no session --session-limit could evict), and a request
 * whose base URL (`/__session/NAME/`) and `X-Mock-Session` name two different sessions.
 */
export function checkSession(arrival: Arrival, deps: PipelineDeps): void {
  const header = sessionHeaderOf(arrival.headers);
  const { sessionInPath } = arrival;
  const named = sessionInPath ?? header;
  const problem =
    sessionInPath !== undefined && header !== undefined && header !== sessionInPath
      ? `Failed to read the session: the URL names session ${JSON.stringify(sessionInPath)} and X-Mock-Session names ${JSON.stringify(header)}. Make sure to name the session once, by the base URL or by the header.`
      : named === allSessions
        ? `Failed to read the session: "${allSessions}" names every session (in admin calls), not one a request can belong to. Make sure X-Mock-Session (or ${sessionPathPrefix}NAME/) names one session, e.g. checkout.`
        : sessionNameProblem(named);
  if (problem !== undefined)
    throw refusal(new HttpError('INVALID_CONTROL', problem), deps.contract);
}
