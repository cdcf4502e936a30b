import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { takeCoverage } from 'node:v8';

/**
 * The `src/` files run for one create (docs/development.md, "One request, measured"): an
 * in-process stateful server under NODE_V8_COVERAGE, one create to warm it, a coverage report,
 * three creates, a second report; prints the files of the second with a function that ran.
 * Run: `node bench/files-per-create.ts`.
 */
interface ScriptCoverage {
  url: string;
  functions: { ranges: { count: number }[] }[];
}

const srcUrl = new URL('../src/', import.meta.url).href;

if (process.env.NODE_V8_COVERAGE === undefined) {
  const dir = mkdtempSync(join(tmpdir(), 'files-per-create-'));
  const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url)], {
    env: { ...process.env, NODE_V8_COVERAGE: dir },
    stdio: 'inherit',
  });
  if (child.status !== 0) throw new Error(`The measured run exited with ${String(child.status)}`);
  const reports = readdirSync(dir).sort((a, b) => seqOf(a) - seqOf(b));
  const last = reports.at(-2); // the last is written at exit
  if (last === undefined) throw new Error(`No coverage report in ${dir}`);
  const { result } = JSON.parse(readFileSync(join(dir, last), 'utf8')) as {
    result: ScriptCoverage[];
  };
  const ran = result
    .filter((script) => script.url.startsWith(srcUrl))
    .filter((script) => script.functions.some((fn) => (fn.ranges[0]?.count ?? 0) > 0))
    .map((script) => script.url.slice(srcUrl.length))
    .sort();
  rmSync(dir, { recursive: true });
  console.log(ran.join('\n'));
  const folders = new Set(ran.map((file) => (file.includes('/') ? file.split('/')[0] : '.')));
  console.log(`${String(ran.length)} src/ files in ${String(folders.size)} folders run per create`);
} else {
  const { startMockServer } = await import('../src/index.ts');
  const mock = await startMockServer({ port: 0, mode: 'stateful', logLevel: 'silent' });
  let id = 1;
  const create = async (): Promise<void> => {
    const res = await fetch(`${mock.url}/plants`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer bench-token' },
      body: JSON.stringify({ id: id++, name: 'Monstera' }),
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`A create was answered ${String(res.status)}`);
  };
  await create();
  takeCoverage();
  for (let i = 0; i < 3; i++) await create();
  takeCoverage();
  await mock.close();
}

// Reports are named coverage-PID-TIME-SEQ.json.
function seqOf(name: string): number {
  return Number(/-(\d+)\.json$/.exec(name)?.[1] ?? 0);
}
