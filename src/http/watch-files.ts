import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';

const settleMs = 100;

/**
 * Calls `onChange(path)` once a watched file has changed and settled. Watches the folder rather
 * than the file, so editors that save by writing a new file and renaming it are seen too.
 */
export function watchFiles(paths: readonly string[], onChange: (path: string) => void): () => void {
  const watchers: FSWatcher[] = [];
  const timers = new Map<string, NodeJS.Timeout>();
  const byFolder = new Map<string, Map<string, string>>();
  for (const path of paths.map((p) => resolve(p))) {
    const names = byFolder.get(dirname(path)) ?? new Map<string, string>();
    names.set(basename(path), path);
    byFolder.set(dirname(path), names);
  }
  for (const [folder, names] of byFolder) {
    let watcher: FSWatcher;
    try {
      watcher = watch(folder, (_event, filename) => {
        const path = filename === null ? undefined : names.get(filename);
        if (path === undefined) return;
        clearTimeout(timers.get(path));
        timers.set(
          path,
          setTimeout(() => {
            onChange(path);
          }, settleMs),
        );
      });
    } catch {
      // A folder that does not exist (yet): a contract file named but missing; the next
      // change to the files that are there reloads and watches again.
      continue;
    }
    // A folder removed while watched ends its watcher, not the server.
    watcher.on('error', () => undefined);
    watcher.unref();
    watchers.push(watcher);
  }
  return () => {
    watchers.forEach((watcher) => {
      watcher.close();
    });
    timers.forEach((timer) => {
      clearTimeout(timer);
    });
  };
}
