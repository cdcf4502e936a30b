import { HttpError } from '../errors.ts';
import { createPactBuilder } from '../pact/build-pact.ts';
import { pactSpecs, type PactSpec } from '../pact/pact-document.ts';
import type { AdminContext, AdminReply } from './admin-context.ts';

/** Longest consumer or provider name. */
const maxNameLength = 200;

/**
 * GET /__admin/pact?consumer&provider&spec&outsideContract: the session's journal as a Pact file,
 * with what was left out and why: `{ pact, leftOut, entries }`.
 */
export async function exportPact({ deps, session, query }: AdminContext): Promise<AdminReply> {
  const contract = deps.contract.current;
  const consumer = nameParameter(query, 'consumer') ?? 'consumer';
  const provider = nameParameter(query, 'provider') ?? contract.title;
  const spec = specParameter(query.spec);
  const outsideContract = booleanParameter(query.outsideContract, 'outsideContract');
  const builder = createPactBuilder(
    { hash: contract.hash, operations: contract.operations },
    { consumer, provider, spec, outsideContract },
  );
  for await (const entry of deps.journal.scan(session)) builder.add(entry);
  const result = builder.finish({
    dropped: await deps.journal.dropped(session),
    unknownSession: session !== '*' && !(await deps.sessions.has(session)),
  });
  return { status: 200, body: result };
}

function nameParameter(query: Record<string, unknown>, name: string): string | undefined {
  const raw = query[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || raw.trim() === '' || raw.length > maxNameLength) {
    throw new HttpError(
      'INVALID_ADMIN_REQUEST',
      `Failed to build the pact: ${name} must be one name of 1 to ${maxNameLength} characters, got ${JSON.stringify(raw)}.`,
    );
  }
  return raw;
}

function specParameter(raw: unknown): PactSpec {
  if (raw === undefined) return 4;
  const spec = pactSpecs.find((version) => String(version) === raw);
  if (spec === undefined) {
    throw new HttpError(
      'INVALID_ADMIN_REQUEST',
      `Failed to build the pact: spec must be 4 or 3 (the Pact specification version), got ${JSON.stringify(raw)}.`,
    );
  }
  return spec;
}

function booleanParameter(raw: unknown, name: string): boolean {
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  throw new HttpError(
    'INVALID_ADMIN_REQUEST',
    `Failed to build the pact: ${name} must be true or false, got ${JSON.stringify(raw)}.`,
  );
}
