import { HttpError } from '../errors.ts';
import { summaryOf, type Interaction } from '../interactions/interaction.ts';
import { compilePattern } from '../interactions/request-pattern.ts';
import { harChunks } from '../observe/to-har.ts';
import type { AdminContext, AdminReply } from './admin-context.ts';
import { checkAdminBody } from './check-admin-body.ts';
import { integerParameter, queryParameter, wantsSummary } from './query-parameters.ts';
import { clearJournalKeepingPact } from './keep-pact.ts';

/** GET /__admin/requests?limit&since&operationId&status&fields: newest first. */
export function listRequests({ deps, session, query }: AdminContext): AdminReply {
  const limit = integerParameter(query, 'limit', 1);
  const status = integerParameter(query, 'status', 100);
  const since = queryParameter(
    query,
    'since',
    'an interaction id or an ISO 8601 date',
    sinceFilter,
  );
  const operationId = queryParameter(query, 'operationId', 'given once', (raw) => raw);
  const summaries = wantsSummary(query);
  const { journal } = deps;
  async function* pieces(): AsyncGenerator<string> {
    yield '{"requests":[';
    let total = 0;
    for await (const entry of journal.scan(session, true)) {
      if (
        (since !== undefined && !since(entry)) ||
        (operationId !== undefined && entry.operationId !== operationId) ||
        (status !== undefined && entry.response.status !== status)
      )
        continue;
      total++;
      if (limit === undefined || total <= limit)
        yield `${total === 1 ? '' : ','}${JSON.stringify(summaries ? summaryOf(entry) : entry)}`;
    }
    yield `],"meta":${JSON.stringify({ total, dropped: await journal.dropped(session) })}}`;
  }
  return { status: 200, jsonChunks: pieces() };
}

/** GET /__admin/requests/:id */
export async function getRequest({ deps, session, params }: AdminContext): Promise<AdminReply> {
  const entry = await deps.journal.get(session, params.id ?? '');
  if (entry === undefined) {
    throw new HttpError(
      'NOT_FOUND',
      `No recorded request has id ${params.id ?? ''} in session "${session}". Make sure the id comes from GET /__admin/requests of the same session.`,
    );
  }
  return { status: 200, body: entry };
}

/** DELETE /__admin/requests: the session's pact keeps them (see clearJournalKeepingPact). */
export async function clearRequests({ deps, session }: AdminContext): Promise<AdminReply> {
  await clearJournalKeepingPact(deps, session);
  return { status: 204 };
}

/** POST /__admin/requests/count with a request pattern. */
export async function countRequests({ deps, session, body }: AdminContext): Promise<AdminReply> {
  const differences = compilePattern(checkAdminBody.pattern(body));
  let count = 0;
  for await (const entry of deps.journal.scan(session)) {
    if (differences(entry).length === 0) count++;
  }
  return { status: 200, body: { count } };
}

/** POST /__admin/requests/find with a request pattern: oldest first. */
export function findRequests({ deps, session, body }: AdminContext): AdminReply {
  const differences = compilePattern(checkAdminBody.pattern(body));
  const { journal } = deps;
  async function* pieces(): AsyncGenerator<string> {
    yield '{"requests":[';
    let first = true;
    for await (const entry of journal.scan(session)) {
      if (differences(entry).length > 0) continue;
      yield `${first ? '' : ','}${JSON.stringify(entry)}`;
      first = false;
    }
    yield ']}';
  }
  return { status: 200, jsonChunks: pieces() };
}

/** GET /__admin/requests.har */
export function exportHar({ deps, session }: AdminContext): AdminReply {
  return {
    status: 200,
    jsonChunks: harChunks(deps.journal.scan(session), {
      name: 'plant-store-mock',
      version: deps.version,
    }),
  };
}

// `since` is an interaction id (entries after it) or a date (entries received at or after it).
function sinceFilter(raw: string): ((entry: Interaction) => boolean) | undefined {
  if (/^\d+$/.test(raw)) return (entry) => BigInt(entry.id) > BigInt(raw);
  const time = Date.parse(raw);
  return Number.isNaN(time) ? undefined : (entry) => Date.parse(entry.receivedAt) >= time;
}
