import { readFile } from 'node:fs/promises';
import { ConfigError } from '../../errors.ts';
import type { StoredRecord } from './record-store.ts';

/** A fixture is checked against the contract before the server starts. */
export type CheckFixture = (record: unknown) => string | undefined;

/**
 * Reads a fixtures file: a JSON array of request bodies (for the Plant Store, `NewPlant`s), each
 * with a unique `id`.
 *
 * @example
 * await loadFixtures('fixtures/plants.json', () => undefined); // [{ id: 1, name: 'Aloe vera', ... }]
 */
export async function loadFixtures(path: string, check: CheckFixture): Promise<StoredRecord[]> {
  const text = await readFile(path, 'utf8').catch((cause: unknown) => {
    throw new ConfigError(`Failed to read the fixtures ${path}: ${(cause as Error).message}`, {
      cause,
    });
  });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (cause) {
    throw new ConfigError(`Failed to parse the fixtures ${path}: ${(cause as Error).message}`, {
      cause,
    });
  }
  return checkFixtures(path, parsed, check);
}

/**
 * Fixtures given as a value (the in-process handlers take an array), checked as loadFixtures
 * checks a file's; `path` names them in messages.
 *
 * @example
 * checkFixtures('fixtures', [{ id: 1, name: 'Aloe vera' }], fixtureCheck(contract));
 */
export function checkFixtures(path: string, parsed: unknown, check: CheckFixture): StoredRecord[] {
  if (!Array.isArray(parsed)) {
    throw new ConfigError(
      `Failed to load the fixtures ${path}: the file must hold a JSON array of plants.`,
    );
  }
  const seen = new Set<string>();
  return parsed.map((record: unknown, index) => {
    const problem = check(record);
    if (problem !== undefined) {
      throw new ConfigError(`Failed to load the fixtures ${path}: entry ${index} ${problem}.`);
    }
    const id = JSON.stringify((record as { id: unknown }).id);
    if (seen.has(id)) {
      throw new ConfigError(
        `Failed to load the fixtures ${path}: entry ${index} repeats id ${id}.`,
      );
    }
    seen.add(id);
    return record as StoredRecord;
  });
}
