import type { ServerResponse } from 'node:http';
import { eventBatch } from './event-batch.ts';
import type { EventHubOptions, EventHubStats, StreamWishes } from './event-hub-options.ts';
import type { RecordedEntry } from './record-interactions.ts';

export type { EventHubOptions, EventHubStats, StreamWishes };

interface Client {
  session: string;
  res: ServerResponse;
  summary: boolean;
  maxRate: number;
  // A token bucket: entries it may be sent now, as of refilledAt.
  tokens: number;
  refilledAt: number;
  /** Entries not sent since its last `skipped` event, and the id of the last of them. */
  skipped: number;
  lastSkipped: string;
  /** Events of a client held to a rate, waiting for the next slow batch. */
  held: string;
}

const defaults = {
  maxBufferedBytes: 64 * 1024,
  clientLimit: Infinity,
  heartbeatMs: 15_000,
  batchMs: 2,
  slowBatchMs: 250,
};

/**
 * Fans journal entries out to server-sent-event clients (GET /__admin/events). Entries gather for
 * `batchMs` (or until they reach `maxBufferedBytes`) and go out in one write per client: the same
 * bytes, made once, for every client of the same session and fields. A client held to a rate gets
 * its share every `slowBatchMs`, with the count of the entries it missed. Without clients,
 * publishing costs one size check.
 *
 * @example
 * const hub = createEventHub({ clientLimit: 64 });
 * if (hub.hasRoom()) hub.subscribe('*', res); // after the SSE headers are written
 * hub.publish(entry); // from recordInteractions' onRecorded
 * hub.closeAll(); // on shutdown
 */
export function createEventHub(options: EventHubOptions = {}) {
  const { maxBufferedBytes, clientLimit, heartbeatMs, batchMs, slowBatchMs } = {
    ...defaults,
    ...options,
  };
  const clients = new Set<Client>();
  // Entries waiting for the next flush.
  let pending: RecordedEntry[] = [];
  let pendingLength = 0;
  let flushTimer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let slowTimer: NodeJS.Timeout | undefined;
  let dropped = 0;
  let closed = false;

  function drop(client: Client): void {
    clients.delete(client);
    if (clients.size === 0 && heartbeat !== undefined) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  }

  // Writes, unless the client left more than the bound of earlier writes unsent: it is not
  // reading, and is dropped. So a client holds at most the bound and one batch.
  function send(client: Client, chunk: string | Buffer): void {
    if (client.res.destroyed) {
      drop(client);
      return;
    }
    if (client.res.writableLength > maxBufferedBytes) {
      dropped++;
      drop(client);
      client.res.destroy();
      return;
    }
    client.res.write(chunk);
  }

  function flush(): void {
    if (flushTimer !== undefined) clearTimeout(flushTimer);
    flushTimer = undefined;
    const batch = eventBatch(pending);
    pending = [];
    pendingLength = 0;
    // One chunk per session and fields, shared by their clients: a Buffer, which a socket that
    // cannot take it at once keeps by reference (a string would be copied for each).
    const chunks = new Map<string, Buffer | undefined>();
    const now = performance.now();
    for (const client of clients) {
      if (client.maxRate === Infinity) {
        const key = `${client.summary ? 's' : 'f'}${client.session}`;
        if (!chunks.has(key)) chunks.set(key, batch.chunk(client.session, client.summary));
        const chunk = chunks.get(key);
        if (chunk !== undefined) send(client, chunk);
        continue;
      }
      refill(client, now);
      batch.forEach(client.session, (entry, i) => {
        if (client.tokens < 1) {
          client.skipped++;
          client.lastSkipped = entry.id;
          return;
        }
        client.tokens--;
        client.held += batch.event(i, client.summary);
      });
      if (client.held.length > maxBufferedBytes) sendHeld(client);
      else if (client.held !== '' || client.skipped > 0)
        slowTimer ??= setTimeout(flushSlow, slowBatchMs);
    }
  }

  // A client held to a rate earns entries as time passes, up to a second's worth.
  function refill(client: Client, now: number): void {
    const earned = ((now - client.refilledAt) * client.maxRate) / 1_000;
    client.tokens = Math.min(client.maxRate, client.tokens + earned);
    client.refilledAt = now;
  }

  function flushSlow(): void {
    slowTimer = undefined;
    for (const client of clients) sendHeld(client);
  }

  // A client held to a rate: its entries, then how many it missed since it was last told.
  function sendHeld(client: Client): void {
    if (client.skipped > 0) {
      const notice = `{"skipped":${String(client.skipped)},"lastId":${JSON.stringify(client.lastSkipped)}}`;
      client.held += `event: skipped\ndata: ${notice}\n\n`;
      client.skipped = 0;
    }
    if (client.held === '') return;
    const chunk = client.held;
    client.held = '';
    send(client, chunk);
  }

  return {
    /** Whether one more client may subscribe (fewer than `clientLimit` are open). */
    hasRoom(): boolean {
      return clients.size < clientLimit;
    },
    /** Sends a journal entry to the clients of its session and of `*`. */
    publish(entry: RecordedEntry): void {
      if (clients.size === 0) return;
      pending.push(entry);
      pendingLength += entry.text.length;
      // What waits is bounded like what a client may leave unread.
      if (pendingLength > maxBufferedBytes) flush();
      else flushTimer ??= setTimeout(flush, batchMs);
    },
    /**
     * Adds a client whose SSE headers are sent; it leaves when its response closes. After
     * closeAll, the response is ended at once.
     */
    subscribe(session: string, res: ServerResponse, wishes: StreamWishes = {}): void {
      if (closed) {
        res.end();
        return;
      }
      const maxRate = wishes.maxRate ?? Infinity;
      const client: Client = {
        session,
        res,
        summary: wishes.summary ?? false,
        maxRate,
        tokens: maxRate,
        refilledAt: performance.now(),
        skipped: 0,
        lastSkipped: '',
        held: '',
      };
      clients.add(client);
      res.once('close', () => {
        drop(client);
      });
      heartbeat ??= setInterval(() => {
        for (const each of clients) send(each, ': heartbeat\n\n');
      }, heartbeatMs).unref();
    },
    /** Ends every stream (the mock is closing), and every later one as it comes. */
    closeAll(): void {
      closed = true;
      clearTimeout(flushTimer);
      clearTimeout(slowTimer);
      pending = [];
      for (const client of [...clients]) {
        drop(client);
        client.res.end();
        // A client that does not read would hold the shutdown until its grace runs out.
        if (client.res.writableLength > 0) client.res.destroy();
      }
    },
    stats(): EventHubStats {
      return { clients: clients.size, limit: clientLimit, dropped };
    },
  };
}

export type EventHub = ReturnType<typeof createEventHub>;
