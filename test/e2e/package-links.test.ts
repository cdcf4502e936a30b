import { posix } from 'node:path';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { runNpm } from './support/run-command.ts';

// Every relative link of every Markdown file the package ships must land on a file it ships:
// the README and docs are read from node_modules and on the npm registry's page, where a link
// into the repo (examples/, a file left out of `files`) is a 404.

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The targets of the inline links, images and reference definitions, outside code. */
function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^(```|~~~)[^]*?^\1/gm, '').replace(/`[^`\n]*`/g, '');
  const inline = [...prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)];
  const references = [...prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)];
  return [...inline, ...references].map((match) => match[1] ?? '');
}

it('ships every file that a relative link of a shipped Markdown file names', async () => {
  // --ignore-scripts: the list only, without building; the Markdown files are sources.
  const output = await runNpm(['pack', '--dry-run', '--json', '--ignore-scripts'], projectRoot);
  const [packed] = JSON.parse(output.slice(output.indexOf('['))) as { files: { path: string }[] }[];
  const shipped = new Set(packed?.files.map((file) => file.path));
  const markdown = [...shipped].filter((path) => path.endsWith('.md'));
  expect(markdown).toContain('README.md');

  const broken: string[] = [];
  for (const file of markdown) {
    for (const target of linkTargets(await readFile(`${projectRoot}${file}`, 'utf8'))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
      const path = posix.normalize(
        posix.join(posix.dirname(file), decodeURIComponent(target.replace(/[#?].*$/, ''))),
      );
      const folder = `${path.replace(/\/$/, '')}/`;
      if (!shipped.has(path) && ![...shipped].some((name) => name.startsWith(folder))) {
        broken.push(`${file}: ${target}`);
      }
    }
  }
  expect(broken).toEqual([]);
});
