import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadContract } from '../../../src/contract/load-contract.ts';
import { buildPact, type PactContract } from '../../../src/pact/build-pact.ts';
import type { JournalEntry } from '../../../src/pact/left-out.ts';
import { errorCatalogue, PactMergeError } from '../../../src/errors.ts';
import { mergePacts } from '../../../src/pact/merge-pacts.ts';
import type { Pact } from '../../../src/pact/pact-document.ts';

const run = promisify(execFile);
const contract = await loadContract('openapi.yaml');
const served: PactContract = { hash: contract.hash, operations: contract.operations };

let nextId = 1;
function create(body: Record<string, unknown>, status = 200): JournalEntry {
  return {
    id: String(nextId++),
    receivedAt: new Date().toISOString(),
    durationMs: 1,
    session: 'default',
    operationId: 'createPlant',
    request: {
      method: 'POST',
      path: '/plants',
      query: {},
      headers: { 'content-type': 'application/json' },
      body,
    },
    response: {
      status,
      headers: { 'content-type': 'application/json' },
      body: status === 200 ? { name: body.name } : { error: 400, message: 'taken' },
    },
    source: 'stateful',
    contract: {
      hash: contract.hash,
      request: { valid: true, violations: [] },
      response: { valid: true, violations: [] },
    },
  };
}

// Three test files' traffic, overlapping in shape.
const files: JournalEntry[][] = [
  [create({ id: 1, name: 'Fern' }), create({ id: 2, name: 'Moss', tag: 'green' })],
  [create({ id: 3, name: 'Aloe' }), create({ id: 3, name: 'Aloe' }, 400)],
  [create({ id: 4, name: 'Ivy', tag: 'x' }), create({ id: 5, name: 'Basil' })],
];

describe('merging pacts', () => {
  for (const spec of [4, 3] as const) {
    it(`gives the pact of the combined traffic, in any order (V${spec})`, () => {
      const names = { consumer: 'web', provider: 'plants', spec };
      const pacts = files.map((entries) => buildPact(entries, served, names).pact);
      const combined = JSON.stringify(buildPact(files.flat(), served, names).pact);
      const [a, b, c] = pacts as [Pact, Pact, Pact];
      expect(JSON.stringify(mergePacts([a, b, c]))).toBe(combined);
      expect(JSON.stringify(mergePacts([c, a, b]))).toBe(combined);
      expect(JSON.stringify(mergePacts([mergePacts([b, c]), a]))).toBe(combined);
    });
  }

  it('refuses pacts of other parties or versions', () => {
    const [entries] = files as [JournalEntry[]];
    const v4 = buildPact(entries, served, { consumer: 'web', provider: 'plants' }).pact;
    const v3 = buildPact(entries, served, { consumer: 'web', provider: 'plants', spec: 3 }).pact;
    const other = buildPact(entries, served, { consumer: 'app', provider: 'plants' }).pact;
    expect(() => mergePacts([v4, v3])).toThrow(PactMergeError);
    expect(() => mergePacts([v4, other])).toThrow(/between app and plants/);
  });

  it('throws an error whose code is in the one error catalogue', () => {
    const [entries] = files as [JournalEntry[]];
    const v4 = buildPact(entries, served, { consumer: 'web', provider: 'plants' }).pact;
    const v3 = buildPact(entries, served, { consumer: 'web', provider: 'plants', spec: 3 }).pact;
    const thrown = ((): unknown => {
      try {
        return mergePacts([v4, v3]);
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(Error);
    const { code } = thrown as { code: string };
    expect(Object.keys(errorCatalogue)).toContain(code);
    // Thrown by the pact writer, never answered over HTTP: no status, as the docs show "—".
    expect(errorCatalogue[code as keyof typeof errorCatalogue].status).toBeUndefined();
  });
});

describe('writing a pact file from parallel processes', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'pact-merge-'));
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  it('loses no interaction and gives the same bytes as one writer', async () => {
    const names = { consumer: 'web', provider: 'plants' };
    // Twelve writers, each with a shape of its own, so that a lost update shows.
    const writers = Array.from({ length: 12 }, (_, i) => [
      create({ id: i, name: 'x', [`f${i}`]: i }),
    ]);
    const pactFiles = await Promise.all(
      writers.map(async (entries, index) => {
        const file = join(folder, `part-${index}.json`);
        await writeFile(file, JSON.stringify(buildPact(entries, served, names).pact));
        return file;
      }),
    );
    const expected = `${JSON.stringify(buildPact(writers.flat(), served, names).pact, null, 2)}\n`;
    const script = fileURLToPath(new URL('support/merge-into-pact-file.ts', import.meta.url));
    for (const round of [1, 2]) {
      const target = join(folder, `pacts-${round}`, 'web-plants.json');
      // Each starts merging at the same moment, once every process is up.
      const startAt = String(Date.now() + 3_000);
      await Promise.all(
        pactFiles.map((file) =>
          run(process.execPath, [script, target, file, startAt], { timeout: 60_000 }),
        ),
      );
      expect(await readFile(target, 'utf8')).toBe(expected);
      // No lock and no partial file left behind.
      expect(await readdir(join(folder, `pacts-${round}`))).toEqual(['web-plants.json']);
    }
  }, 90_000);
});
