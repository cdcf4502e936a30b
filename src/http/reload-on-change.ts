import { resolve } from 'node:path';
import { loadCheckedContract } from '../validation/load-checked-contract.ts';
import { loadFixtures } from '../responders/store/load-fixtures.ts';
import type { ServerDeps } from './server-deps.ts';
import { loadStubsFile } from './load-stubs-file.ts';
import { watchFiles } from './watch-files.ts';

/**
 * `--watch`: reloads the contract when the spec or any file its `$ref`s reach changes, and the
 * fixtures when theirs does. A contract edit leaves every session's store as it is; only a
 * fixtures edit puts the stores back to the fixtures, and the log says which happened. The server
 * keeps its connections; a file that fails to load leaves the old contract or fixtures in place
 * and the log says why. The `--stubs` file replaces the stubs it registered before (`stubIds`).
 * Returns the function that stops watching.
 */
export function reloadOnChange(deps: ServerDeps, stubIds: readonly string[] = []): () => void {
  const { config, contract, store, logger } = deps;
  const fixtures = config.fixtures;
  const stubsPath = config.stubs === undefined ? undefined : resolve(config.stubs);
  let fileStubs = stubIds;
  // watchFiles reports absolute paths; `--spec ./x.yaml` or `../x.yaml` must name the same file.
  const fixturesPath = fixtures === undefined ? undefined : resolve(fixtures);
  // The files the last load read or tried to: after a failed one, a file it missed is watched too.
  let contractFiles = new Set([resolve(config.spec), ...contract.current.files]);
  let stopWatching = (): void => undefined;
  let queue = Promise.resolve();
  const reloadSpec = async (): Promise<void> => {
    const touched = new Set<string>();
    try {
      const next = await loadCheckedContract(config.spec, touched);
      if (next.hash === contract.current.hash) return;
      contract.replace(next);
      logger.info(
        { spec: config.spec, hash: next.hash, files: next.files.length },
        `spec reloaded: ${next.title} ${next.version}; sessions keep their stores`,
      );
    } finally {
      const before = [...contractFiles].join('\n');
      contractFiles = new Set([...touched, ...contract.current.files]);
      if ([...contractFiles].join('\n') !== before) watchNow();
    }
  };
  const reloadFixtures = async (): Promise<void> => {
    if (fixtures === undefined) return;
    const next = await loadFixtures(fixtures, contract.current);
    await store.replaceFixtures(next.records);
    await store.items?.replaceFixtures(next.items);
    logger.info({ fixtures }, 'fixtures reloaded; every session starts from them again');
  };
  const reloadStubs = async (): Promise<void> => {
    if (config.stubs === undefined) return;
    fileStubs = await loadStubsFile(config.stubs, deps, fileStubs);
    logger.info({ stubs: config.stubs, count: fileStubs.length }, 'stubs file reloaded');
  };
  const reload = async (path: string): Promise<void> => {
    try {
      if (contractFiles.has(path)) await reloadSpec();
      if (path === fixturesPath) await reloadFixtures();
      if (path === stubsPath) await reloadStubs();
    } catch (error) {
      logger.error(
        { path },
        `Failed to reload ${path}: ${(error as Error).message} The server keeps serving what it had.`,
      );
    }
  };
  // The new watchers open before the old close, so no change falls between them.
  const watchNow = (): void => {
    const stopBefore = stopWatching;
    const others = [fixturesPath, stubsPath].filter((path) => path !== undefined);
    const paths = [...contractFiles, ...others];
    stopWatching = watchFiles(paths, (path) => {
      // One reload at a time: files changed together (a checkout) load in order, the last wins.
      queue = queue.then(() => reload(path));
    });
    stopBefore();
  };
  watchNow();
  return () => {
    stopWatching();
  };
}
