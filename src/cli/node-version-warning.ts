import { readFileSync } from 'node:fs';

/**
 * A one-line warning when this Node is older than the package's `engines.node` (`>=X.Y.Z`), or
 * undefined. main.ts runs it before it imports anything else, so that on an older Node the reason
 * comes first, not a syntax or import error from deep inside a dependency. It reads only
 * package.json and uses nothing newer than Node 12 offers.
 *
 * @example
 * nodeVersionWarning('20.20.2'); // 'Node 20.20.2 is older than this package supports (node >=24.18.0), ...'
 */
export function nodeVersionWarning(version: string): string | undefined {
  const manifest = JSON.parse(
    readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
  ) as {
    engines?: { node?: string };
  };
  const range = manifest.engines?.node ?? '';
  const minimum = /^>=\s*(\d+)\.(\d+)\.(\d+)$/.exec(range.trim());
  if (minimum === null) return undefined;
  const running = version.split('.').map(Number);
  for (let part = 0; part < 3; part++) {
    const have = running[part] ?? 0;
    const need = Number(minimum[part + 1]);
    if (have > need) return undefined;
    if (have < need) {
      return `Node ${version} is older than this package supports (node ${range}), and it may fail on it. Make sure to run it on Node ${minimum.slice(1).join('.')} or newer.`;
    }
  }
  return undefined;
}
