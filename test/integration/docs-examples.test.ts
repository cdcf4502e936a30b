import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import type { RunningMockServer } from 'plant-store-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPlant, startTestServer } from '../support/mock-fetch.ts';
import { projectRoot } from '../support/launch-cli.ts';

// The curl examples of the docs, pasted as a reader pastes them: each one runs with curl against
// a fresh mock, in the order the page gives them. An example that answers 415 (no Content-Type)
// or 5xx fails; a `# NNN` comment under it must be its status, a `# {...}` comment that is whole
// JSON must be part of its answer. Streams (`-N`) and pipes are left out.

const run = promisify(execFile);
const curlProblem = await run('curl', ['--version']).then(
  () => undefined,
  (error: unknown) => (error instanceof Error ? error.message : String(error)),
);
if (curlProblem !== undefined) console.warn(`Skipping the docs' curl examples: ${curlProblem}`);

interface Example {
  command: string;
  status?: number;
  body?: unknown;
}

/** The curl commands of a page's `sh` blocks, with what the comment under each says. */
function curlExamples(page: string): Example[] {
  const blocks = [
    ...readFileSync(`${projectRoot}${page}`, 'utf8').matchAll(/^```sh\n([^]*?)^```/gm),
  ];
  const examples: Example[] = [];
  for (const [, block = ''] of blocks) {
    const lines = shellLines(block.replace(/\\\n\s*/g, ' '));
    lines.forEach((line, index) => {
      if (!line.startsWith('curl ') || / -N\b|\||>/.test(line.replace(/'[^']*'/g, ''))) return;
      const comments: string[] = [];
      for (const next of lines.slice(index + 1)) {
        if (!next.startsWith('#')) break;
        comments.push(next.replace(/^#\s*/, ''));
      }
      const example: Example = { command: line };
      const status = /^(\d{3})\b/.exec(comments[0] ?? '')?.[1];
      if (status !== undefined) example.status = Number(status);
      try {
        example.body = JSON.parse(comments.join('')) as unknown;
      } catch {
        // Not whole JSON (`...`, prose): only the status is checked.
      }
      examples.push(example);
    });
  }
  return examples;
}

/** The block's lines, a line whose single quotes are open joined with the next (a JSON body). */
function shellLines(block: string): string[] {
  const lines: string[] = [];
  let open = '';
  for (const line of block.split('\n')) {
    open = open === '' ? line : `${open}\n${line}`;
    if ((open.match(/'/g) ?? []).length % 2 === 0) {
      lines.push(open);
      open = '';
    }
  }
  return lines;
}

async function answerOf(command: string, url: string) {
  const pasted = command.replaceAll('http://127.0.0.1:4010', url);
  const { stdout } = await run('bash', ['-c', `${pasted} -w '\\n%{http_code}'`]);
  const cut = stdout.lastIndexOf('\n');
  const text = stdout.slice(0, cut);
  let body: unknown = text;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    // Not JSON: compared as text.
  }
  return { status: Number(stdout.slice(cut + 1)), body };
}

// What each page assumes happened before its examples: admin-api.md's near miss is a Monstera.
const before: Record<string, (server: RunningMockServer) => Promise<unknown>> = {
  'docs/admin-api.md': (server) =>
    createPlant(server, { id: 1, name: 'Monstera', tag: 'tropical' }),
};

describe
  .skipIf(curlProblem !== undefined)
  .each(['README.md', 'docs/usage.md', 'docs/admin-api.md'])('the curl examples of %s', (page) => {
  let server: RunningMockServer;
  beforeEach(async () => {
    server = await startTestServer();
    await before[page]?.(server);
  });
  afterEach(() => server.close());

  it('answer as the page says when pasted', async () => {
    const examples = curlExamples(page);
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) {
      const answer = await answerOf(example.command, server.url);
      expect(answer.status, example.command).not.toBe(415);
      expect(answer.status, example.command).toBeLessThan(500);
      if (example.status !== undefined) expect(answer.status, example.command).toBe(example.status);
      if (example.body !== undefined)
        expect(answer.body, example.command).toMatchObject(example.body as object);
    }
  });
});
