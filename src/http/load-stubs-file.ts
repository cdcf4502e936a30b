import { readFile } from 'node:fs/promises';
import { checkedStub } from '../admin/stub-handlers.ts';
import { formatViolations } from '../contract/violation.ts';
import { ConfigError } from '../errors.ts';
import { allSessions } from '../sessions/session-of.ts';
import type { ServerDeps } from './server-deps.ts';

/**
 * `--stubs FILE`: registers the file's stubs (a recording from GET /__admin/recording, or any
 * `{"stubs": [...]}` or bare array of stub definitions) for every session (`*`), each checked as
 * POST /__admin/stubs checks it. All or nothing: a stub that fails is a ConfigError naming it,
 * and the stubs of the previous load (`previous`, their ids) are removed only once every new one
 * passed. Resolves with the new stubs' ids.
 */
export async function loadStubsFile(
  path: string,
  deps: Pick<ServerDeps, 'stubs' | 'contract' | 'config'>,
  previous: readonly string[],
): Promise<string[]> {
  const definitions = definitionsIn(path, await readJson(path));
  const stubs = definitions.map((definition, index) => {
    try {
      const checked = checkedStub(definition, deps, allSessions);
      if ('stub' in checked) return checked.stub;
      throw new Error(`it breaks the contract: ${formatViolations(checked.violations)}`);
    } catch (error) {
      throw new ConfigError(
        `Failed to load the stubs file ${path}: stub ${index + 1}: ${(error as Error).message} Make sure each stub is one POST /__admin/stubs accepts.`,
        { cause: error },
      );
    }
  });
  for (const id of previous) await deps.stubs.remove(allSessions, id);
  for (const stub of stubs) await deps.stubs.add(stub);
  return stubs.map((stub) => stub.id);
}

async function readJson(path: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as unknown;
  } catch (error) {
    throw new ConfigError(
      `Failed to load the stubs file ${path}: ${(error as Error).message}. Make sure it is a JSON file such as GET /__admin/recording answers.`,
      { cause: error },
    );
  }
}

function definitionsIn(path: string, file: unknown): unknown[] {
  if (Array.isArray(file)) return file;
  const stubs = (file as { stubs?: unknown } | null)?.stubs;
  if (Array.isArray(stubs)) return stubs;
  throw new ConfigError(
    `Failed to load the stubs file ${path}: it has no "stubs" list. Make sure it is {"stubs": [...]} as GET /__admin/recording answers, or a list of stubs.`,
  );
}
