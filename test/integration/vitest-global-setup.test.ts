import { setupMockServer, type ProvidedMock } from 'plant-store-mock/vitest/global-setup';
import { describe, expect, it } from 'vitest';
import { rejectionOf } from '../support/rejection-of.ts';

const missingSpec = '/nonexistent/plant-store.yaml';

/** Runs the setup as vitest does; resolves with what it provided and its teardown. */
async function setUp(options: Parameters<typeof setupMockServer>[0] = {}) {
  let provided: ProvidedMock | undefined;
  const teardown = await setupMockServer(options)({
    provide: (_key, value) => {
      provided = value;
    },
  });
  if (provided === undefined) throw new Error('The setup provided no mock.');
  return { provided, teardown };
}

const create = (url: string, id: number) =>
  fetch(`${url}/plants`, {
    method: 'POST',
    headers: { authorization: 'Bearer token', 'content-type': 'application/json' },
    body: JSON.stringify({ id, name: 'Monstera' }),
  });

describe("the vitest global setup's mock (in a worker thread)", () => {
  it('answers right the requests sent at once, while the mock may still be loading', async () => {
    const { provided, teardown } = await setUp();
    try {
      // Sent before anything else is awaited: they wait for the mock, then get its answers.
      const [created, again, listed] = await Promise.all([
        create(provided.url, 1),
        create(provided.url, 1),
        fetch(`${provided.adminUrl}/health`),
      ]);
      expect([created.status, again.status].sort()).toEqual([200, 400]);
      expect(listed.status).toBe(200);
      const count = await fetch(`${provided.adminUrl}/requests/count`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ method: 'POST', path: '/plants' }),
      });
      // The worker's own warm-up request is in a session of its own: the suite never sees it.
      expect(await count.json()).toMatchObject({ count: 2 });
    } finally {
      await teardown();
    }
  });

  it("fails the run with the contract's message, and answers early requests with it", async () => {
    const message = `Failed to read the spec ${missingSpec}`;
    // The setup hands out the URLs before the contract has loaded; the failure comes at teardown.
    const { provided, teardown } = await setUp({ spec: missingSpec });
    const early = await fetch(`${provided.url}/plants`);
    expect(early.status).toBe(503);
    expect(await early.text()).toContain(message);
    const failure = await rejectionOf(teardown(), Error);
    expect(failure).toMatchObject({ name: 'ConfigError', code: 'CONFIG_INVALID' });
    expect(failure.message).toContain(message);
  });

  it('closes the port and ends its worker at teardown, with logs on', async () => {
    const { provided, teardown } = await setUp({ logLevel: 'error' });
    expect((await create(provided.url, 7)).status).toBe(200);
    await teardown();
    await expect(fetch(`${provided.url}/plants`)).rejects.toThrow();
    const workers = process.getActiveResourcesInfo().filter((kind) => kind === 'Worker');
    expect(workers).toEqual([]);
  });
});
