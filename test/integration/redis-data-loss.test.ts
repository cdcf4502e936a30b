import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../support/admin-fetch.ts';
import { createPlant } from '../support/mock-fetch.ts';
import { redisKinds } from '../support/redis-cluster.ts';
import { redisProblem, type TestRedis } from '../support/redis-server.ts';
import { startReplica as startOne, stopReplicas, type Replica } from '../support/redis-replica.ts';

// Redis restarted without persistence comes back empty: a verification must not pass on the
// requests it lost, on any replica, until the session is reset or cleared.
const problem = redisProblem();

let redis: TestRedis | undefined;
const replicas: Replica[] = [];

async function startReplica(url: string): Promise<Replica> {
  const replica = await startOne(url, `loss-${process.pid}`);
  replicas.push(replica);
  return replica;
}

const none = { pattern: { method: 'POST', path: '/plants' }, times: { exactly: 0 } };
const verifyNone = (replica: Replica, session: string) =>
  admin(replica, '/verify', { session, body: none });
const healthy = async (replica: Replica) =>
  ((await admin(replica, '/health')).body as { status: string }).status;

describe.skipIf(problem !== undefined).each(redisKinds)(
  '$kind that restarts empty',
  ({ start }) => {
    beforeAll(async () => {
      redis = await start();
    });
    afterAll(async () => {
      await stopReplicas(replicas);
      await redis?.stop();
    });

    it('makes every verdict its lost requests could change inconclusive, until the session is reset or cleared', async () => {
      const running = redis as TestRedis;
      const [a, b] = [await startReplica(running.url), await startReplica(running.url)];
      for (const session of ['lost', 'cleared', 'reset']) {
        for (let id = 0; id < 20; id++) {
          const answer = await createPlant(
            a,
            { id: 1_000 + id, name: 'Fern' },
            { 'x-mock-session': session },
          );
          expect(answer.status).toBe(200);
        }
      }
      await running.kill();
      await running.restart();
      await expect.poll(() => healthy(a), { timeout: 10_000 }).toBe('ok');
      await expect.poll(() => healthy(b), { timeout: 10_000 }).toBe('ok');
      // A replica started after the loss reads the same mark.
      const c = await startReplica(running.url);
      for (const replica of [a, b, c]) {
        for (const session of ['lost', '*']) {
          const answer = await verifyNone(replica, session);
          expect(answer.status).toBe(422);
          expect(answer.body).toMatchObject({
            ok: false,
            count: 0,
            dropped: 0,
            inconclusive: true,
            lostAt: expect.any(String) as string,
            message: expect.stringContaining('lost its data') as string,
          });
        }
      }
      // What lost data cannot change stays conclusive: at least one, once a match is kept.
      await createPlant(b, { id: 1, name: 'Fern' }, { 'x-mock-session': 'lost' });
      const atLeast = await admin(c, '/verify', {
        session: 'lost',
        body: { pattern: { method: 'POST', path: '/plants' } },
      });
      expect(atLeast.body).toEqual({ ok: true, count: 1, dropped: 0 });

      expect((await admin(b, '/reset', { method: 'POST', session: 'reset' })).status).toBe(200);
      expect((await admin(a, '/requests', { method: 'DELETE', session: 'cleared' })).status).toBe(
        204,
      );
      for (const replica of [a, b, c]) {
        expect((await verifyNone(replica, 'reset')).body).toEqual({
          ok: true,
          count: 0,
          dropped: 0,
        });
        expect((await verifyNone(replica, 'cleared')).body).toEqual({
          ok: true,
          count: 0,
          dropped: 0,
        });
        expect((await verifyNone(replica, 'lost')).status).toBe(422);
      }
      // A reset of every session clears the mark for all of them.
      expect((await admin(a, '/reset', { method: 'POST', session: '*' })).status).toBe(200);
      expect((await verifyNone(c, 'lost')).body).toEqual({ ok: true, count: 0, dropped: 0 });
    }, 30_000);
  },
);
