import { loadContract } from '../engine/load-contract.ts';
import { loadFixtures } from '../store/load-fixtures.ts';
import type { AppDeps } from './create-app.ts';
import { fixtureCheck } from './fixture-check.ts';
import { watchFiles } from './watch-files.ts';

/**
 * `--watch`: reloads the spec and the fixtures when their files change. The server keeps its
 * connections; a file that fails to load leaves the old contract or fixtures in place and the
 * log says why. Returns the function that stops watching.
 */
export function reloadOnChange({ config, contract, store, logger }: AppDeps): () => void {
  const fixtures = config.fixtures;
  const reloadFixtures = async (): Promise<void> => {
    if (fixtures === undefined) return;
    store.replaceFixtures(await loadFixtures(fixtures, fixtureCheck(contract.current)));
    logger.info({ fixtures }, 'fixtures reloaded; every session starts from them again');
  };
  const reload = async (path: string): Promise<void> => {
    try {
      if (path === config.spec || path.endsWith(config.spec)) {
        const next = await loadContract(config.spec);
        if (next.hash === contract.current.hash) return;
        contract.replace(next);
        logger.info(
          { spec: config.spec, hash: next.hash },
          `spec reloaded: ${next.title} ${next.version}`,
        );
      } else {
        await reloadFixtures();
      }
    } catch (error) {
      logger.error(
        { path },
        `Failed to reload ${path}: ${(error as Error).message} The server keeps serving what it had.`,
      );
    }
  };
  const paths = fixtures === undefined ? [config.spec] : [config.spec, fixtures];
  return watchFiles(paths, (path) => void reload(path));
}
