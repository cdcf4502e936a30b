import type { EventHub } from '../observe/event-hub.ts';
import type { RecordedEntry } from '../observe/record-interactions.ts';
import { batchedScript } from './batched-script.ts';
import type { RedisConnection } from './redis-connection.ts';
import { redisScript } from './redis-client.ts';

// ARGV: per entry, one message to publish. KEYS[1] is the channel (named as a key: it routes the
// script to the mock's node in a cluster, whence Redis publishes to every node).
const publishScript = redisScript(`
for i = 1, #ARGV do redis.call('PUBLISH', KEYS[1], ARGV[i]) end
return 0
`);

/** How often a replica looks whether any replica has event streams open. */
const watchersPollMs = 1_000;

/**
 * The event hub of GET /__admin/events over every replica: entries journaled here go to this
 * replica's streams at once and, while any replica has streams open (a count in Redis, looked at
 * every second), to the others through a Redis channel, so that a stream opened on one replica
 * shows every replica's traffic. With no stream open anywhere, publishing costs nothing.
 *
 * @example
 * const events = await relayEvents(redis, createEventHub(), 3);
 * events.publish(entry); // from recordInteractions' onRecorded
 */
export async function relayEvents(
  redis: RedisConnection,
  hub: EventHub,
  replica: number,
): Promise<EventHub & { close(): Promise<void> }> {
  const channel = 'events';
  const watchersKey = redis.key('events:watchers');
  const subscriber = redis.client.duplicate();
  subscriber.on('error', () => {
    // The main connection says when Redis is lost.
  });
  const mark = `${String(replica)}\n`;
  subscriber.on('message', (_channel: string, message: string) => {
    if (message.startsWith(mark)) return;
    // "<replica>\n<the RecordedEntry as JSON>", from a replica of this mock.
    hub.publish(JSON.parse(message.slice(message.indexOf('\n') + 1)) as RecordedEntry);
  });
  await subscriber.connect();
  await subscriber.subscribe(redis.key(channel));
  const publishes = batchedScript(redis, publishScript, [channel], () => []);
  let watchers = Number((await redis.client.get(watchersKey)) ?? 0);
  const poll = setInterval(() => {
    redis.client.get(watchersKey).then((count) => {
      watchers = Number(count ?? 0);
    }, redis.failed);
  }, watchersPollMs);
  poll.unref();
  // Streams open here, counted again in a Redis that came back without its data.
  let open = 0;
  redis.onRestore(async () => {
    if (open > 0) await redis.client.incrby(watchersKey, open);
  });

  return {
    ...hub,
    publish(entry) {
      hub.publish(entry);
      if (watchers > 0) publishes.push(`${mark}${JSON.stringify(entry)}`);
    },
    subscribe(session, res, wishes) {
      hub.subscribe(session, res, wishes);
      watchers++;
      open++;
      redis.client.incr(watchersKey).catch(redis.failed);
      res.once('close', () => {
        open--;
        redis.client.decr(watchersKey).catch(redis.failed);
      });
    },
    close() {
      clearInterval(poll);
      // Nothing to write: no need to wait for Redis.
      subscriber.disconnect();
      return Promise.resolve();
    },
  };
}
