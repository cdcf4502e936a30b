import { createPactBuilder } from '../pact/build-pact.ts';
import { readKeptTraffic } from '../pact/condense-traffic.ts';
import { pactChunks } from '../pact/pact-chunks.ts';
import { pactSpecs } from '../pact/pact-document.ts';
import { createTimeSlices } from '../time-slices.ts';
import type { AdminContext, AdminReply } from './admin-context.ts';
import { queryParameter } from './query-parameters.ts';

/** Longest consumer or provider name. */
const maxNameLength = 200;

// One pact at a time per journal, from its build to its last byte: each holds up to
// pactLimitBytes, which the memory bound counts once.
const turns = new WeakMap<object, Promise<void>>();

/**
 * GET /__admin/pact?consumer&provider&spec&outsideContract: `{ pact, leftOut, entries }`, built from
 * what the session kept before its resets, then its journal a slice at a time, written piecewise.
 */
export async function exportPact({ deps, session, query }: AdminContext): Promise<AdminReply> {
  const contract = deps.contract.current;
  const builder = createPactBuilder(
    { hash: contract.hash, operations: contract.operations },
    pactOptions(query, contract.title),
  );
  const release = await takeTurn(deps.journal);
  try {
    const slices = createTimeSlices();
    for (const text of await deps.pactLedger.read(session)) {
      const kept = readKeptTraffic(text);
      let weights = 0;
      for (const { entry, weight } of kept.entries) {
        if (slices.due()) await slices.turn();
        builder.add(entry, weight);
        weights += weight;
      }
      builder.carry(kept.leftOut, kept.read - weights);
    }
    for await (const entry of deps.journal.scan(session)) builder.add(entry);
    const { leftOut, entries, ...parts } = builder.finish({
      dropped: await deps.journal.dropped(session),
      unknownSession: session !== '*' && !(await deps.sessions.has(session)),
      lost: (await deps.pactLedger.lostAt?.(session)) !== undefined,
    });
    async function* pieces(): AsyncGenerator<string> {
      try {
        yield '{"pact":';
        for (const piece of pactChunks(parts)) {
          if (slices.due()) await slices.turn();
          yield piece;
        }
        yield `,"leftOut":${JSON.stringify(leftOut)},"entries":${entries}}`;
      } finally {
        release();
      }
    }
    return { status: 200, jsonChunks: pieces() };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * DELETE /__admin/pact: the session's pact starts again: what it kept from before its resets is
 * forgotten, and its journal cleared (its requests, as DELETE /__admin/requests, without keeping them).
 */
export async function clearPact({ deps, session }: AdminContext): Promise<AdminReply> {
  await deps.pactLedger.clear(session);
  await deps.journal.clear(session);
  return { status: 204 };
}

// Waits for the pact before this one on the same journal; resolves to the release of its own turn.
async function takeTurn(journal: object): Promise<() => void> {
  const before = turns.get(journal);
  let release = (): void => undefined;
  const mine = new Promise<void>((resolve) => {
    release = resolve;
  });
  turns.set(
    journal,
    (before ?? Promise.resolve()).then(() => mine),
  );
  await before;
  return release;
}

// The pact's consumer, provider, spec and outsideContract from the query; 400 when malformed.
function pactOptions(query: Record<string, unknown>, title: string) {
  const read = <T>(name: string, expected: string, parse: (raw: string) => T | undefined) =>
    queryParameter(query, name, expected, parse, 'build the pact');
  const names = `one name of 1 to ${maxNameLength} characters`;
  const isName = (raw: string) =>
    raw.trim() !== '' && raw.length <= maxNameLength ? raw : undefined;
  return {
    consumer: read('consumer', names, isName) ?? 'consumer',
    provider: read('provider', names, isName) ?? title,
    spec:
      read('spec', '4 or 3 (the Pact specification version)', (raw) =>
        pactSpecs.find((version) => String(version) === raw),
      ) ?? 4,
    outsideContract:
      read('outsideContract', 'true or false', (raw) =>
        raw === 'true' || raw === 'false' ? raw === 'true' : undefined,
      ) ?? false,
  };
}
