import {
  verifyRequests,
  verifySequence,
  type VerifyResult,
} from '../interactions/verify-requests.ts';
import type { RequestPattern } from '../interactions/request-pattern.ts';
import type { Journal } from '../observe/journal.ts';
import { allSessions, defaultSession, sessionPathPrefix } from '../sessions/session-of.ts';
import type { AdminContext, AdminReply } from './admin-context.ts';
import { checkAdminBody } from './check-admin-body.ts';

/**
 * POST /__admin/verify: 200 when the count is as expected, else 422 with near misses. Entries the
 * journal dropped or the store lost "may have matched": a verdict they could change is a 422 with
 * `inconclusive: true`. When nothing matched, a `hint` counts the matches in session `default`.
 */
export async function verify({ deps, session, body }: AdminContext): Promise<AdminReply> {
  const { pattern, times } = checkAdminBody.verify(body);
  const [dropped, lostAt] = await unseen(deps.journal, session);
  const result = await verifyRequests(deps.journal.scan(session), pattern, times, dropped, lostAt);
  if (result.ok || result.count > 0) return reply(result);
  const hint = await sentWithoutSession(deps.journal, session, pattern);
  return reply(hint === undefined ? result : { ...result, hint });
}

// Requests that match but went to session `default`: sent without the session, most likely.
async function sentWithoutSession(
  journal: Journal,
  session: string,
  pattern: RequestPattern,
): Promise<string | undefined> {
  if (session === defaultSession || session === allSessions) return undefined;
  const { count } = await verifyRequests(journal.scan(defaultSession), pattern);
  if (count === 0) return undefined;
  const base = `${sessionPathPrefix}${encodeURIComponent(session)}`;
  return `${count} matching ${count === 1 ? 'request is' : 'requests are'} in session ${defaultSession}: sent without the session. Make sure the code under test sends X-Mock-Session: ${session}, or uses the session's base URL (${base}/ on the mock, the client's mock.baseUrl).`;
}

/** POST /__admin/verify/sequence: 200 when the patterns matched in that order, else 422. */
export async function verifyInSequence({ deps, session, body }: AdminContext): Promise<AdminReply> {
  const { patterns } = checkAdminBody.sequence(body);
  const [dropped, lostAt] = await unseen(deps.journal, session);
  return reply(await verifySequence(deps.journal.scan(session), patterns, dropped, lostAt));
}

// What the journal cannot show of the session: entries it dropped, and data the store lost.
function unseen(journal: Journal, session: string) {
  return Promise.all([journal.dropped(session), journal.lostAt?.(session)]);
}

function reply(result: VerifyResult): AdminReply {
  return result.ok
    ? { status: 200, body: { ok: true, count: result.count, dropped: result.dropped } }
    : { status: 422, body: result };
}
