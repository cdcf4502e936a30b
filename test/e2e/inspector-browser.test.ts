import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { MockServerOptions, RunningMockServer } from 'plant-store-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNpm } from './support/run-command.ts';
import { chromiumArgs, chromiumPath } from '../support/chromium.ts';

// The inspector as users get it: the mock runs from dist/ (built by `npm test`'s pretest), so the
// page under test is the bundle the package ships, in Debian's Chromium.

const root = fileURLToPath(new URL('../..', import.meta.url));
const shots = `${root}test-artifacts/inspector/`;

async function startBuiltMock(options: MockServerOptions = {}): Promise<RunningMockServer> {
  const built = `${root}dist/index.js`;
  if (!existsSync(built)) throw new Error(`${built} is missing: run "npm run build" first.`);
  const { startMockServer } = (await import(built)) as typeof import('plant-store-mock');
  return startMockServer({ port: 0, host: '127.0.0.1', logLevel: 'silent', ...options });
}

const name = 'Fern';
const auth = { authorization: 'Bearer test-token', 'content-type': 'application/json' };
function createPlant(
  server: RunningMockServer,
  body: string,
  headers: Record<string, string> = auth,
): Promise<Response> {
  return fetch(`${server.url}/plants`, { method: 'POST', headers, body });
}

let browser: Browser;
beforeAll(async () => {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `${chromiumPath} is missing: install Debian's chromium (apt-get install -y chromium).`,
    );
  }
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  await mkdir(shots, { recursive: true });
});
afterAll(async () => {
  await browser.close();
});

interface Opened {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions of the page. */
  errors: string[];
}

/** Told the URL of each request the page under test sends. */
let browserRequests: (url: string) => void = () => undefined;

async function openInspector(
  server: RunningMockServer,
  viewport = { width: 1280, height: 800 },
  colorScheme: 'light' | 'dark' = 'light',
  query = '',
): Promise<Opened> {
  // CSP bypassed so that the test can inject axe-core; the page itself loads nothing inline.
  const context = await browser.newContext({ viewport, colorScheme, bypassCSP: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => {
    browserRequests(request.url());
  });
  await page.goto(`${server.adminUrl}/inspector${query}`);
  return { context, page, errors };
}

async function axeViolations(page: Page): Promise<string[]> {
  const source = await readFile(`${root}node_modules/axe-core/axe.min.js`, 'utf8');
  await page.evaluate(source);
  // Strings, not functions: this project's tests are typed without the DOM.
  const result = await page.evaluate<{
    violations: { id: string; impact: string | null; nodes: { target: unknown }[] }[];
  }>('axe.run()');
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact ?? ''}): ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}

describe('the inspector page in Chromium', () => {
  let events = '';
  let server: RunningMockServer;
  let opened: Opened;
  beforeAll(async () => {
    server = await startBuiltMock();
    const stream = new Promise<string>((resolve) => {
      browserRequests = (url) => {
        if (url.includes('/__admin/events')) resolve(url);
      };
    });
    opened = await openInspector(server);
    events = await stream;
  });
  afterAll(async () => {
    await opened.context.close();
    await server.close();
  });

  it('loads with no console errors and goes live, following at most 500 requests a second', async () => {
    const { page, errors } = opened;
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor({ timeout: 5_000 });
    expect(events).toContain('maxRate=500');
    await page.screenshot({ path: `${shots}01-empty.png` });
    await page.getByRole('tab', { name: 'Coverage' }).click();
    const cell = page.locator('li[data-operation="createPlant"][data-status="200"]');
    await cell.waitFor();
    expect(await cell.getAttribute('data-covered')).toBe('false');
    await page.getByRole('tab', { name: 'Traffic' }).click();
    expect(errors).toEqual([]);
  });

  it('shows a valid, an invalid and an unauthorized create within a second, with their verdicts', async () => {
    const { page } = opened;
    await createPlant(server, JSON.stringify({ id: 1, name: 'Fern', tag: 'green' }));
    await createPlant(server, JSON.stringify({ id: 'x', name: 5 }));
    await createPlant(server, JSON.stringify({ id: 2, name: 'Ivy' }), {
      'content-type': 'application/json',
    });
    const row = (status: number) => page.locator(`.row[data-status="${String(status)}"]`);
    for (const status of [200, 400, 401]) await row(status).waitFor({ timeout: 1_000 });
    const verdicts = async (status: number) => [
      await row(status).getAttribute('data-request'),
      await row(status).getAttribute('data-response'),
      await row(status).locator('.mark [aria-hidden]').allInnerTexts(),
    ];
    expect(await verdicts(200)).toEqual(['valid', 'valid', ['req ✓', 'res ✓']]);
    expect(await verdicts(400)).toEqual(['invalid', 'valid', ['req ✗', 'res ✓']]);
    expect(await verdicts(401)).toEqual(['invalid', 'valid', ['req ✗', 'res ✓']]);
    // Newest first.
    const rows = await page.locator('.row').all();
    expect(await Promise.all(rows.map((r) => r.getAttribute('data-status')))).toEqual([
      '401',
      '400',
      '200',
    ]);
    await page.screenshot({ path: `${shots}02-traffic.png` });
  });

  it('shows the violations of the 400 with their locations when it is clicked', async () => {
    const { page } = opened;
    await page.locator('.row[data-status="400"]').click();
    const violations = page.locator('#detail .violations li');
    await violations.first().waitFor();
    const texts = await violations.allInnerTexts();
    expect(texts).toContain('body/id must be integer');
    expect(texts).toContain('body/name must be string');
    await expect
      .poll(() => page.locator('#detail').innerText())
      .toMatch(/Contract hash [0-9a-f]{12}/);
    await page.screenshot({ path: `${shots}03-detail.png` });
  });

  it('copies the interaction as a verify pattern, as curl and as HAR', async () => {
    const { context, page } = opened;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const clipboard = () => page.evaluate<string>('navigator.clipboard.readText()');
    await page.getByRole('button', { name: 'Copy as verify pattern' }).click();
    await expect.poll(clipboard).toContain('"equalTo"');
    expect(JSON.parse(await clipboard())).toEqual({
      method: 'POST',
      path: '/plants',
      body: { equalTo: { id: 'x', name: 5 } },
    });
    await page.getByRole('button', { name: 'Copy as curl' }).click();
    await expect.poll(clipboard).toMatch(/^curl -X POST 'http:\/\/127\.0\.0\.1:\d+\/plants'/);
    expect(await clipboard()).toContain(`--data-raw '{"id":"x","name":5}'`);
    await page.getByRole('button', { name: 'Copy as HAR' }).click();
    await expect.poll(clipboard).toContain('"version": "1.2"');
    const har = JSON.parse(await clipboard()) as {
      log: { entries: { response: { status: number } }[] };
    };
    expect(har.log.entries.map((entry) => entry.response.status)).toEqual([400]);
    await expect.poll(() => page.getByRole('status').innerText()).toBe('Copied the HAR.');
  });

  it('moves through the rows with the keyboard', async () => {
    const { page } = opened;
    await page.locator('#list').focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#detail h2').innerText()).toContain('401');
    await page.keyboard.press('Tab'); // the list lets focus go on to the detail's buttons
    await page.locator('#list').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#detail h2').innerText()).toContain('400');
  });

  it('has no serious or critical accessibility violations, light or dark', async () => {
    expect((await axeViolations(opened.page)).join('\n')).toBe('');
    const dark = await openInspector(server, { width: 1280, height: 800 }, 'dark');
    try {
      await dark.page.locator('.row[data-status="400"]').click();
      await dark.page.locator('#detail .violations li').first().waitFor();
      expect((await axeViolations(dark.page)).join('\n')).toBe('');
      await dark.page.screenshot({ path: `${shots}04-dark.png` });
    } finally {
      await dark.context.close();
    }
  });

  it('shows 200, 400 and 401 of createPlant covered', async () => {
    const { page } = opened;
    await page.getByRole('tab', { name: 'Coverage' }).click();
    const cell = (status: string) =>
      page.locator(`li[data-operation="createPlant"][data-status="${status}"]`);
    // The panel shown before the requests said false: it turns true.
    for (const status of ['200', '400', '401']) {
      await expect.poll(() => cell(status).getAttribute('data-covered')).toBe('true');
    }
    expect((await axeViolations(page)).join('\n')).toBe('');
    await page.screenshot({ path: `${shots}05-coverage.png` });
  });

  it('lists a stub and removes it', async () => {
    const { page } = opened;
    const created = await fetch(`${server.adminUrl}/stubs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        pattern: { method: 'POST', path: '/plants', body: { matches: { name: 'Bad' } } },
        response: { status: 400, body: { error: 400, message: 'No bad plants' } },
        times: 2,
      }),
    });
    const { id } = (await created.json()) as { id: string };
    await page.getByRole('tab', { name: 'Stubs' }).click();
    const stub = page.locator(`[data-stub="${id}"]`);
    await stub.waitFor();
    expect(await stub.innerText()).toContain('2 left');
    await page.screenshot({ path: `${shots}06-stubs.png` });
    await stub.getByRole('button', { name: `Remove stub ${id}` }).click();
    await stub.waitFor({ state: 'detached' });
    const left = (await (await fetch(`${server.adminUrl}/stubs?session=*`)).json()) as {
      stubs: unknown[];
    };
    expect(left.stubs).toEqual([]);
  });

  it('resets a session after confirmation', async () => {
    const { page } = opened;
    await createPlant(server, JSON.stringify({ id: 9, name: 'Moss' }), {
      ...auth,
      'x-mock-session': 'team-b',
    });
    await page.getByRole('tab', { name: 'Sessions' }).click();
    // The panel follows the traffic: the session shows up once its request is streamed.
    await page.locator('tr[data-session="team-b"]').waitFor({ timeout: 3_000 });
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Reset team-b' }).click();
    await page.locator('tr[data-session="team-b"]').waitFor({ state: 'detached' });
    const journal = (await (await fetch(`${server.adminUrl}/requests?session=team-b`)).json()) as {
      requests: unknown[];
    };
    expect(journal.requests).toEqual([]);
    await page.screenshot({ path: `${shots}07-sessions.png` });
  });

  it('shows bodies that are not JSON, have control characters or were cut, without breaking', async () => {
    const { page, errors } = opened;
    await page.getByRole('tab', { name: 'Traffic' }).click();
    const shown = async () => Number.parseInt(await page.locator('#count').innerText(), 10);
    const before = await shown();
    await createPlant(server, 'not json \u0001\u0007 <b>bold</b>', {
      ...auth,
      'content-type': 'text/plain',
    });
    await createPlant(server, JSON.stringify({ id: 3, name: 'x'.repeat(40_000) }));
    await expect.poll(shown).toBe(before + 2);
    await page.locator('.row').nth(1).click();
    await expect
      .poll(() => page.locator('#detail').innerText())
      .toContain('not json ␁␇ <b>bold</b>');
    await page.locator('.row').first().click();
    await expect.poll(() => page.locator('#detail').innerText()).toContain('Cut at 16 KiB');
    expect(errors).toEqual([]);
  });

  it('fits a 390x844 phone screen', async () => {
    const phone = await openInspector(server, { width: 390, height: 844 });
    try {
      await phone.page.locator('.row').first().waitFor();
      await phone.page.locator('.row[data-status="400"]').first().click();
      const overflow = await phone.page.evaluate(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await phone.page.screenshot({ path: `${shots}08-phone.png`, fullPage: true });
    } finally {
      await phone.context.close();
    }
  });

  it('renders a window of rows, not every entry, and pauses', async () => {
    const { page } = opened;
    await page.getByRole('button', { name: 'Pause' }).click();
    const before = await page.locator('.row').count();
    // 3,000 requests, 25 at a time.
    for (let sent = 0; sent < 3_000; sent += 25) {
      await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          fetch(`${server.url}/plants/${String(sent + i)}`, { headers: auth }).then((r) =>
            r.text(),
          ),
        ),
      );
    }
    await expect
      .poll(() => page.getByRole('status').innerText(), { timeout: 3_000 })
      .toContain('3000 new requests held');
    expect(await page.locator('.row').count()).toBe(before);
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(() => page.locator('#count').innerText()).toMatch(/^30\d\d requests$/);
    expect(await page.locator('.row').count()).toBeLessThan(60);
    // Scrolled once the list is drawn at its new length (the count is set before the next frame).
    const listHeight = () => page.evaluate<number>("document.getElementById('list').scrollHeight");
    await expect.poll(listHeight).toBeGreaterThan(3_000 * 30);
    await page.evaluate(
      "{ const list = document.getElementById('list'); list.scrollTop = list.scrollHeight / 2; }",
    );
    expect(
      await page.evaluate<number>("document.getElementById('list').scrollTop"),
    ).toBeGreaterThan(0);
    // Newer requests arrive above: the rows in view stay in view, where they were.
    const topRow = async () =>
      page.evaluate<string | null>(
        "(() => { const list = document.getElementById('list'); const rows = [...list.querySelectorAll('.row')]; const top = rows.find((r) => r.getBoundingClientRect().top >= list.getBoundingClientRect().top - 1); return top ? top.dataset.id : null; })()",
      );
    const offsetOf = async (id: string) =>
      page.evaluate<number | null>(
        `(() => { const list = document.getElementById('list'); const row = list.querySelector('.row[data-id="${id}"]'); return row ? row.getBoundingClientRect().top - list.getBoundingClientRect().top : null; })()`,
      );
    // Once the rows at the new scroll position are drawn.
    await expect.poll(topRow).not.toBe(null);
    expect(await page.locator('.row').count()).toBeLessThan(60);
    const inView = await topRow();
    const offset = await offsetOf(inView as string);
    const countBefore = await page.locator('#count').innerText();
    await fetch(`${server.url}/plants/1`, { headers: auth }).then((r) => r.text());
    // Under load the page redraws once a second.
    await expect
      .poll(() => page.locator('#count').innerText(), { timeout: 3_000 })
      .not.toBe(countBefore);
    // Within a pixel: the browser rounds the scroll position.
    await expect
      .poll(async () => Math.abs(((await offsetOf(inView as string)) ?? Infinity) - (offset ?? 0)))
      .toBeLessThanOrEqual(1);
    await page.locator('#f-status').selectOption('4xx');
    await expect.poll(() => page.locator('#count').innerText()).toMatch(/ of 30\d\d requests$/);
  });
});

it('thins the live list past its rate (500 a second, or ?rate=), says so, and shows every request when paused', async () => {
  const server = await startBuiltMock({ mode: 'static' });
  // 100 a second, which any machine running this passes even under load (the default's 500 is
  // checked on the stream's URL).
  const { context, page, errors } = await openInspector(server, undefined, undefined, '?rate=100');
  try {
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor({ timeout: 5_000 });
    // Creates in rounds of 1,000, pipelined so that the sender costs little beside the mock in
    // this process, until the page says it thins.
    let next = 0;
    const thinned = page.getByRole('status').filter({ hasText: 'Over 100 requests a second' });
    const until = Date.now() + 60_000;
    while (!(await thinned.isVisible()) && Date.now() < until) {
      await autocannon({
        url: server.url,
        connections: 16,
        pipelining: 8,
        amount: 1_000,
        timeout: 10,
        requests: [
          {
            method: 'POST',
            path: '/plants',
            headers: auth,
            setupRequest: (request) => ({ ...request, body: JSON.stringify({ id: ++next, name }) }),
          },
        ],
      });
    }
    await thinned.waitFor({ timeout: 3_000 });
    const counted = await fetch(`${server.url}/__admin/requests/count`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const { count: sent } = (await counted.json()) as { count: number };
    const liveCount = Number.parseInt(await page.locator('#count').innerText(), 10);
    expect(liveCount).toBeLessThan(sent);
    await page.screenshot({ path: `${shots}10-thinned.png` });
    await page.getByRole('button', { name: 'Pause' }).click();
    // Read whole from the journal: every request, still a window of rows.
    await expect.poll(() => page.locator('#count').innerText()).toBe(`${String(sent)} requests`);
    expect(await page.locator('.row').count()).toBeLessThan(60);
    await createPlant(server, JSON.stringify({ id: next + 1, name: 'Ivy' }));
    await expect
      .poll(() => page.getByRole('status').innerText())
      .toContain('Paused: 1 new requests held');
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect
      .poll(() => page.locator('#count').innerText())
      .toBe(`${String(sent + 1)} requests`);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    await server.close();
  }
}, 90_000);

it('asks for the admin token once, and keeps it for the tab', async () => {
  const server = await startBuiltMock({ adminToken: 'admin-secret' });
  const { context, page } = await openInspector(server);
  try {
    const dialog = page.getByRole('dialog', { name: 'Admin token' });
    await dialog.waitFor();
    await page.screenshot({ path: `${shots}09-token.png` });
    await page.locator('#token-input').fill('admin-secret');
    await page.getByRole('button', { name: 'Use the token' }).click();
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor({ timeout: 5_000 });
    await createPlant(server, JSON.stringify({ id: 1, name: 'Fern' }));
    await page.locator('.row[data-status="200"]').waitFor({ timeout: 1_000 });
    await page.reload();
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor({ timeout: 5_000 });
    expect(await dialog.isVisible()).toBe(false);
    await page.locator('.row[data-status="200"]').waitFor();
  } finally {
    await context.close();
    await server.close();
  }
});

it('serves the page on --admin-port', async () => {
  const server = await startBuiltMock({ adminPort: 0 });
  const { context, page, errors } = await openInspector(server);
  try {
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor({ timeout: 5_000 });
    await createPlant(server, JSON.stringify({ id: 1, name: 'Fern' }));
    await page.locator('.row[data-status="200"]').waitFor({ timeout: 1_000 });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    await server.close();
  }
});

it('ships the built page in the package', async () => {
  // dist/ is built already (by pretest): the listing is what `npm pack` would put in.
  const listing = await runNpm(['pack', '--dry-run', '--json', '--ignore-scripts'], root);
  const [packed] = JSON.parse(listing.slice(listing.indexOf('['))) as {
    files: { path: string }[];
  }[];
  const paths = packed?.files.map((file) => file.path) ?? [];
  for (const asset of ['index.html', 'app.js', 'app.css']) {
    expect(paths).toContain(`dist/inspector/page/${asset}`);
  }
});
