import { resolve } from 'node:path';
import { loadCheckedContract } from '../validation/load-checked-contract.ts';
import { loadFixtures } from '../responders/store/load-fixtures.ts';
import type { ServerDeps } from './server-deps.ts';
import { fixtureCheck } from '../responders/store/fixture-check.ts';
import { loadStubsFile } from './load-stubs-file.ts';
import { watchFiles } from './watch-files.ts';

/**
 * `--watch`: reloads the spec when its file changes, and the fixtures when theirs does. A spec
 * edit leaves every session's store as it is; only a fixtures edit puts the stores back to the
 * fixtures, and the log says which happened. The server keeps its connections; a file that fails
 * to load leaves the old contract or fixtures in place and the log says why. The `--stubs` file
 * replaces the stubs it registered before (`stubIds`). Returns the function that stops watching.
 */
export function reloadOnChange(deps: ServerDeps, stubIds: readonly string[] = []): () => void {
  const { config, contract, store, logger } = deps;
  const fixtures = config.fixtures;
  const stubsPath = config.stubs === undefined ? undefined : resolve(config.stubs);
  let fileStubs = stubIds;
  // watchFiles reports absolute paths; `--spec ./x.yaml` or `../x.yaml` must name the same file.
  const specPath = resolve(config.spec);
  const fixturesPath = fixtures === undefined ? undefined : resolve(fixtures);
  const reloadSpec = async (): Promise<void> => {
    const next = await loadCheckedContract(config.spec);
    if (next.hash === contract.current.hash) return;
    contract.replace(next);
    logger.info(
      { spec: config.spec, hash: next.hash },
      `spec reloaded: ${next.title} ${next.version}; sessions keep their stores`,
    );
  };
  const reloadFixtures = async (): Promise<void> => {
    if (fixtures === undefined) return;
    await store.replaceFixtures(await loadFixtures(fixtures, fixtureCheck(contract.current)));
    logger.info({ fixtures }, 'fixtures reloaded; every session starts from them again');
  };
  const reloadStubs = async (): Promise<void> => {
    if (config.stubs === undefined) return;
    fileStubs = await loadStubsFile(config.stubs, deps, fileStubs);
    logger.info({ stubs: config.stubs, count: fileStubs.length }, 'stubs file reloaded');
  };
  const reload = async (path: string): Promise<void> => {
    try {
      if (path === specPath) await reloadSpec();
      if (path === fixturesPath) await reloadFixtures();
      if (path === stubsPath) await reloadStubs();
    } catch (error) {
      logger.error(
        { path },
        `Failed to reload ${path}: ${(error as Error).message} The server keeps serving what it had.`,
      );
    }
  };
  const paths = [specPath, fixturesPath, stubsPath].filter((path) => path !== undefined);
  return watchFiles(paths, (path) => void reload(path));
}
