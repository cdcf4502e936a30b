import type { ServerResponse } from 'node:http';
import { allSessions } from '../sessions/session-of.ts';
import { summaryText, type RecordedEntry } from './record-interactions.ts';

export interface EventHubOptions {
  /**
   * Bytes a client may leave unread in its socket's write buffer before it is dropped (and the
   * most that waits for a batch): a stalled browser tab must not make the mock hold every entry
   * since it stalled.
   */
  maxBufferedBytes?: number;
  /** How often an idle stream gets a comment line, so that proxies and clients see it alive. */
  heartbeatMs?: number;
  /**
   * How long entries gather before they go out, in one write per client: under load, a write per
   * turn of the event loop cost the mock a system call every few requests, and each client a
   * wake-up. Short: entries held for 50 ms outlived the young generation, and collecting them
   * cost the mock 1.7x the CPU per request with a client open (2 ms: 1.1x; docs/inspector.md).
   */
  batchMs?: number;
  /**
   * How often a client held to a rate (see StreamWishes) gets its entries and the count of those
   * it was not sent, in one write: Chromium spends CPU on each piece of a stream it reads, and
   * on this project's 2-core machine any CPU taken beside the mock costs it more than its share
   * (docs/inspector.md).
   */
  slowBatchMs?: number;
}

/** What a hub has done so far, for its tests and its benchmark. */
export interface EventHubStats {
  clients: number;
  /** Clients dropped because their socket did not drain. */
  dropped: number;
}

/** What a client asks for when it subscribes. */
export interface StreamWishes {
  /** Each entry without its query, headers and bodies (see summaryText). */
  summary?: boolean;
  /**
   * Entries a second at most, a second's worth at once; the rest are skipped and counted in a
   * `skipped` event. A page cannot show 20,000 requests a second, and a browser reading 2,000 a
   * second took a third of the mock's throughput on the same machine.
   */
  maxRate?: number;
}

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
  maxBufferedBytes: 1024 * 1024,
  heartbeatMs: 15_000,
  batchMs: 2,
  slowBatchMs: 250,
};

/**
 * Fans journal entries out to server-sent-event clients (GET /__admin/events). Entries gather for
 * `batchMs` (or until they reach `maxBufferedBytes`) and go out in one write per client; a client
 * held to a rate gets its share every `slowBatchMs`, with the count of the entries it missed.
 * Without clients, publishing costs one size check.
 *
 * @example
 * const hub = createEventHub();
 * hub.subscribe('*', res); // after the SSE headers are written
 * hub.publish(entry); // from recordInteractions' onRecorded
 * hub.closeAll(); // on shutdown
 */
export function createEventHub(options: EventHubOptions = {}) {
  const { maxBufferedBytes, heartbeatMs, batchMs, slowBatchMs } = { ...defaults, ...options };
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

  // Writes, unless the client left more than the bound of earlier writes unread: it is not
  // reading, and is dropped. So a client holds at most the bound and one batch.
  function send(client: Client, chunk: string): void {
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
    const entries = pending;
    pending = [];
    pendingLength = 0;
    // Made once per entry, and only when a client wants them.
    const summaries: (string | undefined)[] = [];
    const now = performance.now();
    for (const client of clients) {
      refill(client, now);
      let chunk = '';
      entries.forEach((entry, i) => {
        if (client.session !== allSessions && client.session !== entry.session) return;
        if (client.tokens < 1) {
          client.skipped++;
          client.lastSkipped = entry.id;
          return;
        }
        client.tokens--;
        chunk += eventOf(client.summary ? (summaries[i] ??= summaryText(entry)) : entry.text);
      });
      if (client.maxRate === Infinity) {
        if (chunk !== '') send(client, chunk);
        continue;
      }
      client.held += chunk;
      if (client.held.length > maxBufferedBytes) sendHeld(client);
      else if (client.held !== '' || client.skipped > 0)
        slowTimer ??= setTimeout(flushSlow, slowBatchMs);
    }
  }

  function refill(client: Client, now: number): void {
    if (client.maxRate === Infinity) return;
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
      return { clients: clients.size, dropped };
    },
  };
}

export type EventHub = ReturnType<typeof createEventHub>;

// An entry's JSON has line breaks only as whitespace, if at all: each line goes on a `data:` line
// of its own, which the client joins again with "\n".
function eventOf(text: string): string {
  if (!/[\r\n]/.test(text)) return `data: ${text}\n\n`;
  return `data: ${text.split(/\r\n|\r|\n/).join('\ndata: ')}\n\n`;
}
