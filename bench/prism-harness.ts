// Runs Prism's black-box harness (the test-harness/specs folder of stoplightio/prism) against the
// packed and installed plant-store-mock, and against `prism mock` (`prism proxy` for the proxy
// cases, the mock with --upstream, both to one local stand-in) from the devDependency, in one
// run. Usage: npm run bench:prism -- HARNESS_SPECS_FOLDER [--only PART,PART] [--concurrency N]
// [--case-timeout-ms MS] [--contender plant-store-mock|prism]. `--only` keeps the cases whose
// path holds one of the parts. Prints the cases passed per folder side by side, then per
// contender every failing case with why.
// How it counts is in docs/prism-compatibility.md.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { compareLikeGavel } from './harness/compare-like-gavel.ts';
import {
  installPackedMock,
  installedMock,
  prismCli,
  startContender,
  startUpstream,
  stopContender,
  type HarnessContender,
} from './harness/harness-contenders.ts';
import {
  parseHarnessCase,
  parseRawAnswer,
  type HarnessCase,
} from './harness/parse-harness-case.ts';
import { prismEntry } from './contenders.ts';
import { findFreePort } from './find-free-port.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    only: { type: 'string' },
    concurrency: { type: 'string', default: '2' },
    contender: { type: 'string' },
    'case-timeout-ms': { type: 'string', default: '60000' },
  },
});
const folder = positionals[0];
if (folder === undefined) {
  process.stderr.write('Usage: npm run bench:prism -- HARNESS_SPECS_FOLDER [--only TEXT]\n');
  process.exit(2);
}
const caseTimeoutMs = Number(values['case-timeout-ms']);

const names = (await readdir(folder, { recursive: true }))
  .filter((name) => name.endsWith('.txt'))
  .filter((name) => (values.only ?? '').split(',').some((part) => name.includes(part)))
  .sort();
const cases = await Promise.all(
  names.map(async (name) => ({
    name,
    harnessCase: parseHarnessCase(await readFile(join(folder, name), 'utf8')),
  })),
);
const work = await mkdtemp(join(tmpdir(), 'prism-harness-'));
try {
  process.stderr.write(`[harness] packing and installing plant-store-mock in ${work}\n`);
  const cli = await installPackedMock(root, work);
  const upstream = await startUpstream(cases.map(({ harnessCase }) => harnessCase));
  const contenders = [
    installedMock(cli, upstream.url),
    prismCli(prismEntry(), upstream.url),
  ].filter(({ name }) => values.contender === undefined || name === values.contender);
  const failures = new Map<string, string[]>(contenders.map(({ name }) => [name, []]));
  const jobs = cases.flatMap((entry) => contenders.map((contender) => ({ ...entry, contender })));
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let job = jobs[next++]; job !== undefined; job = jobs[next++]) {
      let reasons = await runCase(
        job.harnessCase,
        job.contender,
        join(work, `case-${String(next)}.yml`),
      );
      // A start past the bound on a loaded machine is tried once more before it counts.
      if (reasons[0]?.startsWith('did not start') === true) {
        reasons = await runCase(
          job.harnessCase,
          job.contender,
          join(work, `retry-${String(next)}.yml`),
        );
      }
      if (reasons.length === 0) continue;
      const line = `${job.name}: ${reasons.join('; ')}`;
      failures.get(job.contender.name)?.push(line);
      process.stderr.write(`[harness] ${job.contender.name} failed ${line}\n`);
    }
  };
  await Promise.all(Array.from({ length: Number(values.concurrency) }, worker));
  upstream.server.close();
  process.stdout.write(
    `\n${sideBySide(
      cases.map(({ name }) => name),
      failures,
    )}\n`,
  );
  for (const [name, failed] of failures) {
    process.stdout.write(
      `\n${name}: ${String(cases.length - failed.length)}/${String(cases.length)} passed, ${String(failed.length)} failed\n`,
    );
    for (const line of failed.sort()) process.stdout.write(`  ${line}\n`);
  }
} finally {
  await rm(work, { recursive: true, force: true });
}

// One case against one contender: its document in a file, the server on a free port, the curl
// command pointed at it, the answer compared; at most caseTimeoutMs in all.
async function runCase(
  harnessCase: HarnessCase,
  contender: HarnessContender,
  spec: string,
): Promise<string[]> {
  await writeFile(spec, harnessCase.spec);
  const port = await findFreePort('127.0.0.1');
  const started = Date.now();
  let server;
  try {
    server = await startContender(
      contender.args(harnessCase, spec, port),
      port,
      work,
      caseTimeoutMs / 2,
    );
  } catch (error) {
    return [`did not start: ${(error as Error).message.slice(0, 300)}`];
  }
  try {
    const command = harnessCase.command
      .trim()
      .split(/ +/)
      .join(' ')
      .replace(/(localhost|127\.0\.0\.1):4010/g, `127.0.0.1:${String(port)}`);
    const output = await runShell(command, caseTimeoutMs - (Date.now() - started));
    return compareLikeGavel(harnessCase, parseRawAnswer(output));
  } finally {
    await stopContender(server);
  }
}

// Passed cases per folder of the harness (`proxy`, `routing`, ...), one column per contender.
function sideBySide(names: readonly string[], failures: Map<string, string[]>): string {
  const folderOf = (name: string): string => name.split(/[\\/]/)[0] ?? name;
  const folders = [...new Set(names.map(folderOf))];
  const contenders = [...failures.keys()];
  const passed = (folder: string | undefined, contender: string): string => {
    const all = names.filter((name) => folder === undefined || folderOf(name) === folder);
    const failed = (failures.get(contender) ?? []).filter((line) =>
      all.some((name) => line.startsWith(`${name}: `)),
    );
    return `${String(all.length - failed.length)}/${String(all.length)}`;
  };
  const rows = [
    ['folder', ...contenders],
    ...folders.map((folder) => [folder, ...contenders.map((c) => passed(folder, c))]),
    ['all', ...contenders.map((c) => passed(undefined, c))],
  ];
  const widths = rows[0]?.map((_, column) =>
    Math.max(...rows.map((row) => row[column]?.length ?? 0)),
  );
  return rows
    .map((row) => row.map((cell, column) => cell.padEnd(widths?.[column] ?? 0)).join('  '))
    .join('\n');
}

async function runShell(command: string, timeoutMs: number): Promise<string> {
  const child = spawn('sh', ['-c', command], { stdio: ['ignore', 'pipe', 'ignore'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), Math.max(timeoutMs, 1_000));
  await once(child, 'close');
  clearTimeout(timer);
  return output;
}
