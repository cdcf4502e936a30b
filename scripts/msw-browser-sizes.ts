import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import type { Metafile } from 'esbuild';

type Outputs = Metafile['outputs'];

/**
 * Prints each file of the browser bundle (bytes minified, gzipped, its imports, what weighs most
 * in it), then what a page downloads for the handlers in each case docs/msw.md's table lists:
 * the entry and its static chunks, plus the chunks the case loads. For `--sizes`.
 *
 * @example
 * await printBrowserSizes(result.metafile, root);
 */
export async function printBrowserSizes(metafile: Metafile, root: string): Promise<void> {
  const outputs = metafile.outputs;
  const gzipped = new Map<string, number>();
  for (const [file, output] of Object.entries(outputs)) {
    gzipped.set(file, gzipSync(await readFile(`${root}${file}`)).length);
    const heaviest = Object.entries(output.inputs)
      .sort(([, a], [, b]) => b.bytesInOutput - a.bytesInOutput)
      .slice(0, 3)
      .map(([input]) => input.replace(/^.*node_modules\//, ''));
    const imports = output.imports.map(
      (i) => `${i.kind === 'dynamic-import' ? '~' : ''}${i.path.replace(/^.*\//, '')}`,
    );
    console.log(
      `${file}\t${output.bytes}\t${gzipped.get(file)}\t${imports.join(' ')}\t${heaviest.join(' ')}`,
    );
  }
  const entry = (pattern: RegExp): string[] =>
    Object.keys(outputs).filter((file) => pattern.test(outputs[file]?.entryPoint ?? ''));
  const page = entry(/src\/msw\/browser\/index\.ts$/);
  const mock = entry(/open-browser-mock\.ts$|prism-internals-browser\.ts$/);
  // The Plant Store's schemas are JSON Schema 2020-12: their meta-schema's check loads with it.
  const contract = entry(/bundled-contract\.ts$|draft-2020-12-meta-schema\.ts$/);
  const stateful = [...page, ...mock, ...contract];
  // A name with "adds": the chunks a case loads beyond the Plant Store in stateful mode.
  const cases: [string, string[]][] = [
    ['with the page', page],
    ['the Plant Store, stateful or static', stateful],
    ['the Plant Store, dynamic', [...stateful, ...entry(/json-schema-faker/)]],
    ['a contract with patterns, or a pathPattern, adds', entry(/re2js/)],
    ['a media type written without a slash adds', entry(/mime-types/)],
    ['a YAML contract URL adds', entry(/yaml\/browser/)],
  ];
  const loaded = closure(outputs, stateful);
  for (const [name, roots] of cases) {
    const files = closure(outputs, roots);
    if (name.endsWith('adds')) for (const file of loaded) files.delete(file);
    const bytes = sum(files, (file) => outputs[file]?.bytes ?? 0);
    const zipped = sum(files, (file) => gzipped.get(file) ?? 0);
    console.log(`${name}\t${kb(bytes)} minified\t${kb(zipped)} gzipped`);
  }
}

// The files and every chunk they import statically.
function closure(outputs: Outputs, roots: readonly string[]): Set<string> {
  const files = new Set<string>();
  const visit = (file: string): void => {
    if (files.has(file) || outputs[file] === undefined) return;
    files.add(file);
    for (const i of outputs[file].imports) if (i.kind === 'import-statement') visit(i.path);
  };
  for (const root of roots) visit(root);
  return files;
}

const sum = (files: Set<string>, size: (file: string) => number): number =>
  [...files].reduce((total, file) => total + size(file), 0);
const kb = (bytes: number): string => `${(bytes / 1000).toFixed(0)} KB`;
