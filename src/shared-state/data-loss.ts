import { randomUUID } from 'node:crypto';
import { allSessions } from '../sessions/session-of.ts';
import type { RedisConnection } from './redis-connection.ts';
import { redisScript } from './redis-client.ts';

/**
 * Keys of the data-loss marks (also the journal's and the ledger's clear scripts'): `epoch` (written
 * on an empty Redis), `lost` (when an epoch went missing), `lost:cleared` (sessions cleared since),
 * `P:lost` (the same time for the pacts, which a reset keeps going; see the pact ledger).
 */
export const lossKeys = ['epoch', 'lost', 'lost:cleared', 'P:lost'] as const;

// KEYS: lossKeys. ARGV: the epoch this replica knew ('' at its start), a new epoch, the time now.
// A replica that knew an epoch and finds none, or another one, marks the loss (the first mark
// stays: sessions cleared since it keep their verdicts). Returns the epoch held.
const epochScript = redisScript(`
local known, held = ARGV[1], redis.call('GET', KEYS[1])
if not held then
  held = ARGV[2]
  redis.call('SET', KEYS[1], held)
end
if known ~= '' and held ~= known then
  redis.call('SET', KEYS[2], ARGV[3], 'NX')
  redis.call('SET', KEYS[4], ARGV[3], 'NX')
end
return held
`);

/**
 * Notices a Redis that came back empty (restarted without persistence): the epoch this replica
 * read at its start is gone. It then marks the loss in Redis, so that every replica's verification
 * of a session not cleared since is inconclusive (see createRedisJournal's `lostAt`).
 *
 * @example
 * await watchDataLoss(redis); // at start; checks again each time Redis comes back
 */
export async function watchDataLoss(redis: RedisConnection): Promise<void> {
  const check = async (known: string): Promise<string> =>
    (await redis.run(epochScript, lossKeys, [
      known,
      randomUUID(),
      new Date().toISOString(),
    ])) as string;
  let epoch = await check('');
  redis.onRestore(async () => {
    epoch = await check(epoch);
  });
}

/**
 * When Redis lost its data, unless `session` was cleared since (`*`: unless every session was):
 * of the journal, or with `marks` 'P:' of the pacts.
 *
 * @example
 * await readLostAt(redis, 'ci-3'); // '2026-11-24T10:00:00.000Z', or undefined
 */
export async function readLostAt(
  redis: RedisConnection,
  session: string,
  marks: '' | 'P:' = '',
): Promise<string | undefined> {
  const [lostAt, wasCleared] = await redis.guard(
    Promise.all([
      redis.client.get(redis.key(`${marks}lost`)),
      session === allSessions
        ? 0
        : redis.client.hexists(redis.key(`${marks}lost:cleared`), session),
    ]),
  );
  return lostAt === null || wasCleared === 1 ? undefined : lostAt;
}
