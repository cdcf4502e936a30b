import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../support/admin-fetch.ts';
import { createPlant } from '../support/mock-fetch.ts';
import { redisKinds } from '../support/redis-cluster.ts';
import { redisProblem, type TestRedis } from '../support/redis-server.ts';
import { launchCli } from '../support/launch-cli.ts';
import { readEvents } from '../support/read-events.ts';
import { startReplica as startOne, stopReplicas, type Replica } from '../support/redis-replica.ts';

// Two mock processes on one Redis, as behind a load balancer: whichever replica a test asks
// must answer as one mock would.
const problem = redisProblem();
const running = (): TestRedis => redis as TestRedis;
const pair = (): [Replica, Replica] => replicas as [Replica, Replica];

let redis: TestRedis | undefined;
let replicas: Replica[] = [];

const startReplica = (url: string): Promise<Replica> =>
  startOne(url, `replicas-${process.pid}`, ['--fixtures', 'fixtures/plants.json']);

// Registers through `replica` a stub that answers the session's creates with a plant named `name`.
function stubCreates(replica: Replica, session: string, name: string, fields: object = {}) {
  return admin(replica, '/stubs', {
    session,
    body: {
      pattern: { method: 'POST', path: '/plants' },
      response: { status: 200, body: { name } },
      ...fields,
    },
  });
}

describe.skipIf(problem !== undefined).each(redisKinds)(
  'two replicas sharing $kind',
  ({ start }) => {
    beforeAll(async () => {
      redis = await start();
      replicas = [await startReplica(redis.url), await startReplica(redis.url)];
    });
    afterAll(async () => {
      await stopReplicas(replicas);
      await redis?.stop();
    });

    it('refuses on one replica an id created through the other', async () => {
      const [a, b] = pair();
      expect((await createPlant(a, { id: 101, name: 'Fern' })).status).toBe(200);
      expect((await createPlant(b, { id: 101, name: 'Fern' })).status).toBe(400);
    });

    it('creates an id raced on both replicas exactly once', async () => {
      for (let id = 200; id < 210; id++) {
        const answers = await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            createPlant(pair()[i % 2] as Replica, { id, name: 'Ivy' }),
          ),
        );
        expect(answers.map((answer) => answer.status).sort()).toEqual([
          200, 400, 400, 400, 400, 400, 400, 400,
        ]);
      }
    });

    it('serves a stub registered through one replica from the other, times counted once', async () => {
      const [a, b] = pair();
      const registered = await stubCreates(a, 'stubs', 'Stubbed', { times: 1 });
      expect(registered.status).toBe(201);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          createPlant(
            pair()[i % 2] as Replica,
            { id: 600 + i, name: 'Ivy' },
            { 'x-mock-session': 'stubs' },
          ),
        ),
      );
      const stubbed = answers.filter((answer) => answer.text.includes('Stubbed'));
      expect(stubbed).toHaveLength(1);
      expect((await admin(b, '/stubs', { session: 'stubs' })).body).toEqual({ stubs: [] });
    });

    it('answers by a stub registered through the other replica on a session it has served', async () => {
      const [a, b] = pair();
      const warm = { 'x-mock-session': 'warm' };
      // b has matched this session's (no) stubs: it now matches without asking Redis first.
      expect((await createPlant(b, { id: 900, name: 'Ivy' }, warm)).status).toBe(200);
      expect((await createPlant(b, { name: 'Ivy' }, warm)).status).toBe(400);
      const registered = await stubCreates(a, 'warm', 'Stubbed');
      expect(registered.status).toBe(201);
      const created = await createPlant(b, { id: 901, name: 'Ivy' }, warm);
      expect(created.text).toContain('Stubbed');
      const invalid = await createPlant(b, { name: 'Ivy' }, warm);
      expect(invalid.text).toContain('Stubbed');
      // The create that the stub answered was not made as well.
      expect((await admin(a, '/stubs', { method: 'DELETE', session: 'warm' })).status).toBe(204);
      expect((await createPlant(b, { id: 901, name: 'Ivy' }, warm)).status).toBe(200);
      expect((await createPlant(b, { name: 'Ivy' }, warm)).status).toBe(400);
    });

    it('never both answers by a stub and creates, while the other replica changes stubs under load', async () => {
      const [a, b] = pair();
      const churn = { 'x-mock-session': 'churn' };
      const stubbed: number[] = [];
      const created: number[] = [];
      let next = 1_000;
      const load = { done: false };
      // Through a, a stub for the session comes and goes again and again while b is under load.
      const toggling = (async () => {
        for (let i = 0; i < 500 && !load.done; i++) {
          expect((await stubCreates(a, 'churn', 'Stubbed')).status).toBe(201);
          expect((await admin(a, '/stubs', { method: 'DELETE', session: 'churn' })).status).toBe(
            204,
          );
        }
      })();
      const worker = async (): Promise<void> => {
        while (next < 1_400) {
          const id = next++;
          const answer = await createPlant(b, { id, name: 'Ivy' }, churn);
          expect(answer.status).toBe(200);
          (answer.text.includes('Stubbed') ? stubbed : created).push(id);
        }
      };
      await Promise.all(Array.from({ length: 8 }, worker));
      load.done = true;
      await toggling;
      expect(stubbed.length).toBeGreaterThan(0);
      expect(created.length).toBeGreaterThan(0);
      // A create that a stub answered was not made; every other one was.
      for (const id of stubbed) {
        expect((await createPlant(a, { id, name: 'Ivy' }, churn)).status).toBe(200);
      }
      for (const id of created) {
        expect((await createPlant(a, { id, name: 'Ivy' }, churn)).status).toBe(400);
      }
    });

    it('verifies, reports coverage and lists requests alike on both', async () => {
      const [a, b] = pair();
      await createPlant(a, { id: 300, name: 'Aloe' }, { 'x-mock-session': 'verify' });
      await createPlant(b, { id: 301, name: 'Aloe' }, { 'x-mock-session': 'verify' });
      await createPlant(b, { id: 300, name: 'Aloe' }, { 'x-mock-session': 'verify' });
      for (const replica of replicas) {
        const verify = await admin(replica, '/verify', {
          session: 'verify',
          body: { pattern: { method: 'POST', path: '/plants' }, times: { exactly: 3 } },
        });
        expect(verify.body).toEqual({ ok: true, count: 3, dropped: 0 });
        const coverage = (await admin(replica, '/coverage', { session: 'verify' })).body as {
          operations: { operationId: string; responses: Record<string, number> }[];
        };
        const created = coverage.operations.find((o) => o.operationId === 'createPlant');
        expect(created?.responses).toMatchObject({ 200: 2, 400: 1 });
        const requests = (await admin(replica, '/requests', { session: 'verify' })).body as {
          requests: unknown[];
        };
        expect(requests.requests).toHaveLength(3);
      }
    });

    it("keeps a session's pact across resets made through either replica", async () => {
      const [a, b] = pair();
      const session = { 'x-mock-session': 'pact' };
      expect((await createPlant(a, { id: 700, name: 'Fern' }, session)).status).toBe(200);
      expect((await admin(b, '/reset', { method: 'POST', session: 'pact' })).status).toBe(200);
      const tagged = { id: 701, name: 'Ivy', tag: 'green' };
      expect((await createPlant(b, tagged, session)).status).toBe(200);
      expect((await admin(a, '/requests', { method: 'DELETE', session: 'pact' })).status).toBe(204);
      expect((await createPlant(a, { name: 5 }, session)).status).toBe(400);
      expect((await admin(b, '/reset', { method: 'POST', session: 'pact' })).status).toBe(200);
      const { pact, leftOut, entries } = (await admin(a, '/pact', { session: 'pact' })).body as {
        pact: { interactions: { request: { body: { content: unknown } } }[] };
        leftOut: { kind: string; count: number }[];
        entries: number;
      };
      expect(entries).toBe(3);
      expect(pact.interactions.map((i) => i.request.body.content)).toEqual([
        { id: 700, name: 'Fern' },
        tagged,
      ]);
      expect(leftOut.map(({ kind, count }) => ({ kind, count }))).toEqual([
        { kind: 'rejected', count: 1 },
      ]);
    });

    it('resets a session through either replica, and keeps sessions apart', async () => {
      const [a, b] = pair();
      await createPlant(a, { id: 400, name: 'Fern' }, { 'x-mock-session': 'one' });
      await createPlant(a, { id: 400, name: 'Fern' }, { 'x-mock-session': 'two' });
      expect((await admin(b, '/reset', { method: 'POST', session: 'one' })).status).toBe(200);
      expect(
        (await createPlant(a, { id: 400, name: 'Fern' }, { 'x-mock-session': 'one' })).status,
      ).toBe(200);
      expect(
        (await createPlant(b, { id: 400, name: 'Fern' }, { 'x-mock-session': 'two' })).status,
      ).toBe(400);
      const healths = await Promise.all(replicas.map((replica) => admin(replica, '/health')));
      expect(healths[0]?.body).toMatchObject({ status: 'ok', store: { connected: true } });
      expect((healths[0]?.body as { sessions: unknown }).sessions).toEqual(
        (healths[1]?.body as { sessions: unknown }).sessions,
      );
    });

    it("streams every replica's entries to an event stream opened on one", async () => {
      const [a, b] = pair();
      const reader = await readEvents(`${a.adminUrl}/events?session=stream`);
      try {
        // Replicas look every second whether any has a stream open: wait for b to know.
        await expect
          .poll(
            async () => {
              await createPlant(b, { name: 'Probe' }, { 'x-mock-session': 'stream' });
              return reader.events.length;
            },
            { timeout: 5_000, interval: 300 },
          )
          .toBeGreaterThan(0);
        await createPlant(a, { id: 900, name: 'Fern' }, { 'x-mock-session': 'stream' });
        await createPlant(b, { id: 901, name: 'Fern' }, { 'x-mock-session': 'stream' });
        // Probes of the poll may still be on their way: look for the two creates among all events.
        const bodies = () =>
          (reader.events as { request: { body: unknown } }[]).map((event) => event.request.body);
        await expect.poll(bodies, { timeout: 5_000 }).toEqual(
          expect.arrayContaining([
            { id: 900, name: 'Fern' },
            { id: 901, name: 'Fern' },
          ]),
        );
      } finally {
        reader.close();
      }
    });

    it('keeps what a replica acknowledged when that replica is stopped and started again', async () => {
      const [a, b] = pair();
      expect(
        (await createPlant(a, { id: 700, name: 'Fern' }, { 'x-mock-session': 'kept' })).status,
      ).toBe(200);
      a.cli.child.kill('SIGTERM');
      await a.cli.exited;
      const again = await startReplica(running().url);
      replicas[0] = again;
      expect(
        (await createPlant(again, { id: 700, name: 'Fern' }, { 'x-mock-session': 'kept' })).status,
      ).toBe(400);
      expect(
        (await createPlant(b, { id: 700, name: 'Fern' }, { 'x-mock-session': 'kept' })).status,
      ).toBe(400);
      const requests = (await admin(again, '/requests', { session: 'kept' })).body as {
        requests: unknown[];
      };
      expect(requests.requests).toHaveLength(3);
    });

    it('keeps the creates and stubs a replica acknowledged when it is killed (SIGKILL) mid-load', async () => {
      const [a, b] = pair();
      const killed = { 'x-mock-session': 'killed' };
      // In a session of its own: it would answer the creates below.
      const stub = await stubCreates(a, 'killed-stubs', 'Kept');
      expect(stub.status).toBe(201);
      const acknowledged: number[] = [];
      let id = 5_000;
      // Creates keep going at it until the kill cuts them off; those answered 200 were acknowledged.
      const load = Array.from({ length: 4 }, async () => {
        while (id < 5_400) {
          const mine = id++;
          const answer = await createPlant(a, { id: mine, name: 'Ivy' }, killed).catch(
            () => undefined,
          );
          if (answer === undefined) return;
          if (answer.status === 200) acknowledged.push(mine);
        }
      });
      await expect.poll(() => acknowledged.length).toBeGreaterThan(50);
      a.cli.child.kill('SIGKILL');
      await Promise.all(load);
      await a.cli.exited;
      replicas[0] = await startReplica(running().url);
      for (const taken of acknowledged) {
        expect((await createPlant(b, { id: taken, name: 'Ivy' }, killed)).status).toBe(400);
      }
      const stubs = (await admin(pair()[0], '/stubs', { session: 'killed-stubs' })).body as {
        stubs: { id: string }[];
      };
      expect(stubs.stubs.map((each) => each.id)).toEqual([(stub.body as { id: string }).id]);
    });

    it('answers 503 while Redis is away, says degraded, and serves again when it is back', async () => {
      const [a, b] = pair();
      // The fixtures' ids are taken again once Redis is back, though it came back empty.
      expect((await createPlant(a, { id: 1, name: 'Fern' })).status).toBe(400);
      await running().kill();
      for (const replica of replicas) {
        await expect
          .poll(async () => (await createPlant(replica, { id: 500, name: 'Fern' })).status)
          .toBe(503);
        const refused = await createPlant(replica, { id: 501, name: 'Fern' });
        expect(refused.body).toMatchObject({
          error: 503,
          message: expect.stringContaining(running().url) as string,
        });
        expect((await admin(replica, '/verify', { body: { pattern: {} } })).status).toBe(503);
        expect((await admin(replica, '/health')).body).toMatchObject({
          status: 'degraded',
          store: { connected: false },
        });
      }
      await running().restart();
      await expect
        .poll(async () => ((await admin(a, '/health')).body as { status: string }).status, {
          timeout: 10_000,
        })
        .toBe('ok');
      await expect
        .poll(async () => ((await admin(b, '/health')).body as { status: string }).status, {
          timeout: 10_000,
        })
        .toBe('ok');
      expect((await createPlant(a, { id: 502, name: 'Fern' })).status).toBe(200);
      expect((await createPlant(b, { id: 502, name: 'Fern' })).status).toBe(400);
      expect((await createPlant(b, { id: 1, name: 'Fern' })).status).toBe(400);
    });

    it('answers 503 within the command timeout when Redis freezes, and serves again when it thaws', async () => {
      const [a] = pair();
      running().pause();
      try {
        const started = performance.now();
        const answer = await createPlant(a, { id: 800, name: 'Fern' });
        expect(answer.status).toBe(503);
        expect(performance.now() - started).toBeLessThan(8_000);
        expect((await admin(a, '/health')).body).toMatchObject({ status: 'degraded' });
      } finally {
        running().resume();
      }
      await expect
        .poll(async () => ((await admin(a, '/health')).body as { status: string }).status, {
          timeout: 10_000,
        })
        .toBe('ok');
      // Not id 800: its create was sent before the freeze was noticed, and Redis ran it on thawing.
      expect((await createPlant(a, { id: 801, name: 'Fern' })).status).toBe(200);
    }, 30_000);

    it('exits 2 with one line when Redis does not answer at start', async () => {
      await running().kill();
      const cli = launchCli(['--port', '0', '--store', running().url]);
      expect((await cli.exited).code).toBe(2);
      const lines = cli.stderr().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(
        `Failed to connect to the store at ${running().url} (--store): ${running().url.includes('cluster') ? 'no node of the cluster answered' : 'ECONNREFUSED'}`,
      );
      await running().restart();
    });
  },
);
