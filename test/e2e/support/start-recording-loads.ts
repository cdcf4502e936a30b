import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { listeningUrl } from './listening-url.ts';
import { node24Env } from './run-command.ts';

/** A CLI process whose module loads (ES modules and require()s) are written to a file. */
export interface RecordedCli {
  url: string;
  /** The URL of each module the process has loaded so far, in load order. */
  loaded(): Promise<string[]>;
  stop(): void;
}

/**
 * Starts `node MAIN --port 0 --host 127.0.0.1` in `cwd` with a load hook that appends each
 * loaded module's URL to `cwd/loaded-modules.txt`; resolves once it logs its URL.
 *
 * @example
 * const cli = await startRecordingLoads(installed('dist', 'cli', 'main.js'), consumer);
 * (await cli.loaded()).length; // 150
 */
export async function startRecordingLoads(main: string, cwd: string): Promise<RecordedCli> {
  const record = join(cwd, 'loaded-modules.txt');
  const hook = `import { registerHooks } from 'node:module';
    import { appendFileSync } from 'node:fs';
    registerHooks({ load(url, context, next) {
      appendFileSync(${JSON.stringify(record)}, url + '\\n');
      return next(url, context);
    } });`;
  const child = spawn(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(hook)}`, main, '--port', '0'],
    { cwd, env: { ...node24Env, PLANT_MOCK_HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const stop = (): void => {
    child.kill('SIGTERM');
  };
  try {
    const url = await listeningUrl(child);
    const loaded = async (): Promise<string[]> =>
      (await readFile(record, 'utf8')).split('\n').filter(Boolean);
    return { url, loaded, stop };
  } catch (error) {
    stop();
    throw error;
  }
}
