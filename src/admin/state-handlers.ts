import type { AdminContext, AdminReply } from './admin-context.ts';
import { adminOpenApi } from './admin-openapi.ts';
import { clearJournalKeepingPact } from './keep-pact.ts';

/** GET /__admin/health: open even with an admin token, for health checks. */
export async function health({ deps }: AdminContext): Promise<AdminReply> {
  const { title, version, hash } = deps.contract.current;
  const recordFile = deps.recordFile?.status();
  // Degraded, still 200: the mock serves, but something it was asked to keep is being lost.
  const store = deps.shared?.status();
  const degraded =
    (recordFile !== undefined && (recordFile.droppedLines > 0 || recordFile.error !== undefined)) ||
    store?.connected === false;
  return {
    status: 200,
    body: {
      status: degraded ? 'degraded' : 'ok',
      spec: { title, version, hash },
      mode: deps.config.mode,
      ...(store === undefined ? {} : { store }),
      // While the shared store is away, what only it knows is left out.
      ...(store?.connected === false
        ? {}
        : { sessions: await deps.sessions.stats(), stubs: await deps.stubs.count('*') }),
      ...(recordFile === undefined ? {} : { recordFile }),
      events: deps.events.stats(),
    },
  };
}

/** GET /__admin/coverage */
export async function coverage({ deps, session }: AdminContext): Promise<AdminReply> {
  return { status: 200, body: await deps.coverage.report(session) };
}

/**
 * POST /__admin/reset: clears the session's journal, coverage and stubs, and puts its store back
 * to the fixtures. Its pact keeps what it answered (see clearJournalKeepingPact).
 */
export async function reset({ deps, session }: AdminContext): Promise<AdminReply> {
  const kept = await clearJournalKeepingPact(deps, session);
  await deps.coverage.clear(session);
  await deps.stubs.clear(session);
  await deps.store.reset(session === '*' ? undefined : session);
  await deps.sessions.remove(session === '*' ? undefined : session);
  // Their pacts keep traffic: they stay sessions with state, so --session-limit bounds what the
  // pact ledger keeps (an evicted session's is forgotten with the rest of its state).
  for (const name of kept) deps.sessions.touch(name);
  return { status: 200, body: { reset: session } };
}

/** GET /__admin/openapi.json */
export function describeAdminApi({ deps }: AdminContext): AdminReply {
  return { status: 200, body: adminOpenApi(deps.version) };
}
