import type { AdminContext, AdminReply } from './admin-context.ts';
import { adminOpenApi } from './admin-openapi.ts';

/** GET /__admin/health: open even with an admin token, for health checks. */
export async function health({ deps }: AdminContext): Promise<AdminReply> {
  const { title, version, hash } = deps.contract.current;
  const recordFile = deps.recordFile?.status();
  // Degraded, still 200: the mock serves, but something it was asked to keep is being lost.
  const degraded =
    recordFile !== undefined && (recordFile.droppedLines > 0 || recordFile.error !== undefined);
  return {
    status: 200,
    body: {
      status: degraded ? 'degraded' : 'ok',
      spec: { title, version, hash },
      mode: deps.mode,
      sessions: deps.sessions.stats(),
      stubs: await deps.stubs.count('*'),
      ...(recordFile === undefined ? {} : { recordFile }),
    },
  };
}

/** GET /__admin/coverage */
export function coverage({ deps, session }: AdminContext): AdminReply {
  return { status: 200, body: deps.coverage.report(session) };
}

/** POST /__admin/reset: clears the session's journal, coverage and stubs, and puts its store back to the fixtures. */
export async function reset({ deps, session }: AdminContext): Promise<AdminReply> {
  await deps.journal.clear(session);
  deps.coverage.clear(session);
  await deps.stubs.clear(session);
  await deps.store.reset(session === '*' ? undefined : session);
  deps.sessions.remove(session === '*' ? undefined : session);
  return { status: 200, body: { reset: session } };
}

/** GET /__admin/openapi.json */
export function describeAdminApi({ deps }: AdminContext): AdminReply {
  return { status: 200, body: adminOpenApi(deps.version) };
}
