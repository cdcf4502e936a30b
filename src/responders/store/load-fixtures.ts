import { readFile } from 'node:fs/promises';
import type { Contract } from '../../contract/load-contract.ts';
import { formatViolations } from '../../contract/violation.ts';
import { ConfigError } from '../../errors.ts';
import { validateRequest } from '../../validation/prism-engine.ts';
import { firstCreate, itemFixturesOf } from '../resources/item-fixtures.ts';
import type { ItemFixtures } from '../resources/item-store.ts';
import type { StoredRecord } from './record-store.ts';

/** What a fixtures file seeds: the id store's records, and the resources' items. */
export interface Fixtures {
  records: StoredRecord[];
  items: ItemFixtures;
}

/**
 * Reads a fixtures file: a JSON array of request bodies of the contract's first create (for the
 * Plant Store, `NewPlant`s), each with a unique `id`; or an object of items by collection path
 * (`{ "/todos": [...] }`), for the contract's resources (see itemFixturesOf).
 *
 * @example
 * await loadFixtures('fixtures/plants.json', contract); // { records: [{ id: 1, name: 'Aloe vera', ... }], items: Map {} }
 */
export async function loadFixtures(path: string, contract: Contract): Promise<Fixtures> {
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
  return checkFixtures(path, parsed, contract);
}

/**
 * Fixtures given as a value (the in-process handlers take an array or an object), checked as
 * loadFixtures checks a file's; `path` names them in messages.
 */
export function checkFixtures(path: string, parsed: unknown, contract: Contract): Fixtures {
  if (parsed === null || typeof parsed !== 'object') {
    throw new ConfigError(
      `Failed to load the fixtures ${path}: the file must hold a JSON array of plants, or an object of items by collection path.`,
    );
  }
  let items: ItemFixtures;
  try {
    items = itemFixturesOf(parsed, contract);
  } catch (cause) {
    throw new ConfigError(`Failed to load the fixtures ${path}: ${(cause as Error).message}.`, {
      cause,
    });
  }
  return {
    records: Array.isArray(parsed) ? recordsOf(path, parsed, contract) : [],
    items,
  };
}

// Request bodies of the contract's first create (a POST with a JSON body), each with its own id
// and passing that operation's request schema.
function recordsOf(path: string, parsed: unknown[], contract: Contract): StoredRecord[] {
  const create = firstCreate(contract);
  const seen = new Set<string>();
  return parsed.map((record: unknown, index) => {
    const refuse = (problem: string) =>
      new ConfigError(`Failed to load the fixtures ${path}: entry ${index} ${problem}.`);
    const id = (record as { id?: unknown } | null)?.id;
    if (record === null || typeof record !== 'object' || id === undefined)
      throw refuse('must be an object with an id');
    if (create !== undefined) {
      const violations = validateRequest(create, {
        method: create.method,
        path: create.path,
        query: {},
        headers: { 'content-type': 'application/json' },
        body: record,
      });
      if (violations.length > 0) {
        throw refuse(
          `does not match ${create.operationId}'s request body: ${formatViolations(violations)}`,
        );
      }
    }
    const key = JSON.stringify(id);
    if (seen.has(key)) throw refuse(`repeats id ${key}`);
    seen.add(key);
    return record as StoredRecord;
  });
}
