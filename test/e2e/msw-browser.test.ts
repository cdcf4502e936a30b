import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import { build, type BuildResult } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumPath } from '../support/chromium.ts';
import { installPacked } from './support/install-packed.ts';

// The browser entry as users get it: the packed tarball installed in a new project beside msw,
// a page bundled there with esbuild for the browser (its defaults: no Node built-ins allowed),
// msw's worker script copied beside it (what `msw init` does), in Debian's Chromium.

// The page: the handlers answer for the whole origin, so the bundle's chunks load (ready())
// before the worker starts answering for it.
const pageScript = `
import { setupWorker } from 'msw/browser';
import { createContractHandlers } from 'plant-store-mock/msw/browser';
const mock = createContractHandlers({ baseUrl: '/' });
await mock.ready();
await setupWorker(...mock.handlers).start({ quiet: true });
globalThis.mock = mock;
document.title = 'ready';
`;
const pageHtml =
  '<!doctype html><title>loading</title><script type="module" src="/main.js"></script>';

let project = '';
let site: Server | undefined;
let origin = '';
let browser: Browser | undefined;
let page: Page;
let built: BuildResult | undefined;
const pageErrors: string[] = [];
// The page's files the site served, in order: what the browser downloaded.
const served: string[] = [];

beforeAll(async () => {
  ({ project } = await installPacked('plant-store-mock-page-', ['msw']));
  const site_ = join(project, 'public');
  await mkdir(site_);
  await writeFile(join(project, 'main.js'), pageScript);
  await writeFile(join(site_, 'index.html'), pageHtml);
  built = await build({
    absWorkingDir: project,
    entryPoints: ['main.js'],
    outdir: site_,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    logLevel: 'silent',
  });
  await copyFile(
    join(project, 'node_modules', 'msw', 'lib', 'mockServiceWorker.js'),
    join(site_, 'mockServiceWorker.js'),
  );
  site = await serveFolder(site_);
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  page = await browser.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  // Chromium logs an answer of 400 or 404 as a failed load: not a fault of the page.
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      pageErrors.push(message.text());
    }
  });
  await page.goto(`${origin}/`);
  await page.waitForFunction("document.title === 'ready'", undefined, { timeout: 60_000 });
}, 900_000);

afterAll(async () => {
  await browser?.close();
  site?.close();
  if (project !== '') await rm(project, { recursive: true, force: true });
});

const types: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
};

// The built page's files, as a static host serves them.
async function serveFolder(folder: string): Promise<Server> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://page').pathname;
    const file = join(folder, path === '/' ? 'index.html' : path);
    served.push(file);
    readFile(file).then(
      (body) => {
        response.writeHead(200, { 'content-type': types[extname(file)] ?? 'text/plain' });
        response.end(body);
      },
      () => {
        response.writeHead(404).end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

// Text that only RE2's engine (re2js) and mime-db's table hold, in whichever chunk they land.
const re2Text = 'missing argument to repetition operator';
const mimeDbText = '1d-interleaved-parityfec';

async function servedScripts(): Promise<string> {
  const scripts = served.filter((file) => file.endsWith('.js'));
  return (await Promise.all(scripts.map((file) => readFile(file, 'utf8')))).join('\n');
}

interface Answer {
  status: number;
  body: unknown;
}

// A create sent by the page's own fetch, which the worker answers.
function createPlant(body: string): Promise<Answer> {
  return page.evaluate<Answer>(`(async () => {
    const response = await fetch('/plants', {
      method: 'POST',
      headers: { authorization: 'Bearer test-token', 'content-type': 'application/json' },
      body: ${JSON.stringify(body)},
    });
    return { status: response.status, body: await response.json() };
  })()`);
}

describe('the contract handlers in the browser (setupWorker), from the installed package', () => {
  it("bundles for the browser with the bundler's defaults: no Node built-in, no warning", () => {
    expect(built?.errors).toEqual([]);
    expect(built?.warnings).toEqual([]);
  });

  it('answers a valid create with 200, as the server does', async () => {
    const answer = await createPlant(JSON.stringify({ id: 1, name: 'Monstera' }));
    expect(answer).toEqual({ status: 200, body: { name: 'Monstera' } });
  });

  it('answers an invalid create with the 400 and its violation', async () => {
    const answer = await createPlant(JSON.stringify({ id: 2 }));
    expect(answer).toEqual({
      status: 400,
      body: {
        error: 400,
        message: "Request does not match the contract: body: must have required property 'name'",
      },
    });
  });

  it("reads the journal from the page through the handlers' client", async () => {
    const found = await page.evaluate<{ count: number; entries: unknown[] }>(`(async () => {
      const client = globalThis.mock.client();
      const count = await client.count({ method: 'POST', path: '/plants' });
      const entries = await client.find({ method: 'POST', path: '/plants' });
      return {
        count,
        entries: entries.map((entry) => ({
          status: entry.response.status,
          violations: entry.contract.request.violations.map((v) => v.location),
        })),
      };
    })()`);
    expect(found).toEqual({
      count: 2,
      entries: [
        { status: 200, violations: [] },
        { status: 400, violations: ['body'] },
      ],
    });
    expect(pageErrors).toEqual([]);
  });

  it('downloads neither RE2 nor mime-db for the Plant Store, whose contract needs neither', async () => {
    expect(served.some((file) => file.endsWith('.js'))).toBe(true);
    const scripts = await servedScripts();
    expect(scripts.includes(re2Text)).toBe(false);
    expect(scripts.includes(mimeDbText)).toBe(false);
  });

  it('loads RE2 for the first pathPattern a client call gives, and matches with it', async () => {
    const count = await page.evaluate<number>(
      `globalThis.mock.client().count({ method: 'POST', pathPattern: '/pl(a|u)nts' })`,
    );
    expect(count).toBe(2);
    expect((await servedScripts()).includes(re2Text)).toBe(true);
    expect(pageErrors).toEqual([]);
  });
});
