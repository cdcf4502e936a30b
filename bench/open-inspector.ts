// The inspectors the benches open beside the mock: a plain SSE reader in a process of its own,
// or the inspector page in Debian's Chromium.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdir, readFile } from 'node:fs/promises';
import { processCpuMs } from './process-cpu.ts';
import type { BenchServer } from './spawn-server.ts';
import { chromiumArgs, chromiumPath } from '../test/support/chromium.ts';

export { chromiumPath };
const chromiumSettleMs = 3_000;

/** An open inspector: how many entries it has taken, and a way to close it. */
export interface OpenClient {
  /** CPU time (user + system) of the client's processes so far, in ms. */
  cpuMs(): Promise<number>;
  received(): Promise<number>;
  /** The page only: its longest main-thread task and a click-to-detail time, in ms. */
  responsiveness?(): Promise<{ longestTaskMs: number; clickToDetailMs: number }>;
  close(): Promise<void>;
}

// The SSE reader runs in a process of its own, as a tool beside the mock would: it parses each
// event, and reports how many it has every 100 ms.
const readerSource = `
const response = await fetch(process.argv[1]);
const decoder = new TextDecoder();
let events = 0;
let tail = '';
setInterval(() => process.stdout.write(events + '\\n'), 100).unref();
for await (const chunk of response.body) {
  const blocks = (tail + decoder.decode(chunk, { stream: true })).split('\\n\\n');
  tail = blocks.pop();
  for (const block of blocks) {
    if (!block.startsWith('data: ')) continue;
    JSON.parse(block.slice(6));
    events++;
  }
}`;

/**
 * Opens GET /__admin/events (every session; summaries with `summary`) in a reader process.
 *
 * @example
 * const open = await openSse(server, false); await open.close();
 */
export async function openSse(server: BenchServer, summary: boolean): Promise<OpenClient> {
  const query = summary ? '?session=*&fields=summary' : '?session=*';
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', readerSource, `${server.url}/__admin/events${query}`],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let events = 0;
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    const last = text.trim().split('\n').at(-1);
    if (last !== undefined && last !== '') events = Number(last);
  });
  // The reader is open once it has reported.
  await once(child.stdout, 'data');
  return {
    cpuMs: () => processCpuMs(child.pid ?? 0),
    received: () => Promise.resolve(events),
    close: async () => {
      child.kill();
      await once(child, 'exit');
    },
  };
}

/**
 * Opens the inspector page in Chromium and waits until it is live and Chromium has settled.
 *
 * @example
 * const open = await openPage(server); await open.close();
 */
export async function openPage(server: BenchServer): Promise<OpenClient> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: chromiumArgs,
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${server.url}/__admin/inspector`);
  await page.getByRole('status').filter({ hasText: 'Live' }).waitFor({ timeout: 10_000 });
  // Chromium starts a handful of processes that work on for a few seconds after the page shows:
  // that is not the inspector's cost, so the cell begins once they are done.
  await new Promise((resolve) => setTimeout(resolve, chromiumSettleMs));
  // Strings, not functions: the bench is typed without the DOM.
  await page.evaluate(
    "window.longestTask = 0; new PerformanceObserver((list) => { for (const t of list.getEntries()) window.longestTask = Math.max(window.longestTask, t.duration); }).observe({ type: 'longtask' })",
  );
  return {
    cpuMs: chromiumCpuMs,
    received: async () => Number.parseInt(await page.locator('#count').innerText(), 10),
    responsiveness: async () => {
      const started = performance.now();
      await page.locator('.row').nth(3).click();
      await page.locator('#detail h2').waitFor();
      const clickToDetailMs = performance.now() - started;
      const longestTaskMs = await page.evaluate<number>('window.longestTask');
      return { longestTaskMs, clickToDetailMs };
    },
    close: () => browser.close(),
  };
}

// Every Chromium process's CPU time so far (user + system), in ms: the page's cost on this machine.
async function chromiumCpuMs(): Promise<number> {
  let total = 0;
  for (const pid of await readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(pid)) continue;
    const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (command.startsWith(chromiumPath) || command.startsWith('/usr/lib/chromium/'))
      total += await processCpuMs(Number(pid));
  }
  return total;
}
