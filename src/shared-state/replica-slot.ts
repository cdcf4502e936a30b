import { randomUUID } from 'node:crypto';
import { ConfigError } from '../errors.ts';
import type { RedisConnection } from './redis-connection.ts';
import { redisScript } from './redis-script.ts';
import { slots } from './replica-ids.ts';

// KEYS: the slots' keys, slot:0 to slot:99. ARGV: this replica's token, the lease in ms, the slot
// it holds ('' for none). Keeps the slot held while it is this replica's (or free again, after Redis lost
// its data), else takes the first free one; -1 when all are taken.
const leaseScript = redisScript(`
local token, lease, held = ARGV[1], ARGV[2], ARGV[3]
if held ~= '' then
  local key = KEYS[tonumber(held) + 1]
  local owner = redis.call('GET', key)
  if owner == token or (not owner and redis.call('SET', key, token, 'NX', 'PX', lease)) then
    redis.call('PEXPIRE', key, lease)
    return tonumber(held)
  end
end
for slot = 0, ${slots - 1} do
  if redis.call('SET', KEYS[slot + 1], token, 'NX', 'PX', lease) then return slot end
end
return -1
`);

export interface SlotLease {
  readonly slot: number;
  /** Renews the lease now (Redis came back), moving the replica first if its slot was taken. */
  renew(): Promise<void>;
  /**
   * Stops renewing: the slot is free again `leaseMs` later, not at once, so that a replica started
   * on a host whose clock is a little behind does not give out ids this one gave out last.
   */
  stop(): void;
}

/**
 * Leases one of the 100 id slots for this replica: held while it runs (renewed every third of
 * `leaseMs`, and at once when Redis comes back), free again `leaseMs` after it stops renewing (a
 * replica stopped, killed or cut off). Two running replicas never share a slot, whatever number
 * of replicas started before. A replica that lost its lease (Redis away longer than `leaseMs`, and
 * another took the slot) takes another and tells `onMove`. Throws a ConfigError (exit 2) when 100
 * replicas hold slots already.
 *
 * @example
 * const lease = await leaseReplicaSlot(redis, (slot) => ids.moveTo(slot));
 * const ids = createReplicaIds(lease.slot);
 */
export async function leaseReplicaSlot(
  redis: RedisConnection,
  onMove: (slot: number) => void,
  leaseMs = 30_000,
): Promise<SlotLease> {
  const token = randomUUID();
  const keys = Array.from({ length: slots }, (_, slot) => `slot:${slot}`);
  const claim = async (held: number | undefined): Promise<number> =>
    (await redis.run(leaseScript, keys, [token, leaseMs, held ?? ''])) as number;
  let slot = await claim(undefined);
  if (slot === -1) {
    throw new ConfigError(
      `Failed to start a replica on the store at ${redis.name} (--store): ${slots} replicas of this mock (--store-prefix ${redis.prefix}) run on it already, or stopped less than ${leaseMs / 1000} s ago. Make sure to stop one, or give this one a prefix of its own.`,
    );
  }
  async function renew(): Promise<void> {
    const now = await claim(slot);
    // All slots taken by others: keep this one's ids, the least harm.
    if (now === -1 || now === slot) return;
    slot = now;
    onMove(now);
  }
  const renewing = setInterval(() => {
    renew().catch(redis.failed);
  }, leaseMs / 3);
  renewing.unref();
  return {
    get slot() {
      return slot;
    },
    renew,
    stop() {
      clearInterval(renewing);
    },
  };
}
