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
}

/** What a hub has done so far, for its tests and its benchmark. */
export interface EventHubStats {
  clients: number;
  /** Clients dropped because their socket did not drain. */
  dropped: number;
}

interface Client {
  session: string;
  res: ServerResponse;
  /** Wants each entry without its query, headers and bodies (see summaryText). */
  summary: boolean;
}

const defaults = { maxBufferedBytes: 1024 * 1024, heartbeatMs: 15_000, batchMs: 2 };

/**
 * Fans journal entries out to server-sent-event clients (GET /__admin/events). Entries gather for
 * `batchMs` (or until they reach `maxBufferedBytes`) and go out in one write per client. Without
 * clients, publishing costs one size check.
 *
 * @example
 * const hub = createEventHub();
 * hub.subscribe('*', res); // after the SSE headers are written
 * hub.publish(entry); // from recordInteractions' onRecorded
 * hub.closeAll(); // on shutdown
 */
export function createEventHub(options: EventHubOptions = {}) {
  const { maxBufferedBytes, heartbeatMs, batchMs } = { ...defaults, ...options };
  const clients = new Set<Client>();
  // Entries waiting for the next flush.
  let pending: RecordedEntry[] = [];
  let pendingLength = 0;
  let flushTimer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
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
    for (const client of clients) {
      let chunk = '';
      entries.forEach((entry, i) => {
        if (client.session !== allSessions && client.session !== entry.session) return;
        chunk += eventOf(client.summary ? (summaries[i] ??= summaryText(entry)) : entry.text);
      });
      if (chunk !== '') send(client, chunk);
    }
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
    subscribe(session: string, res: ServerResponse, summary = false): void {
      if (closed) {
        res.end();
        return;
      }
      const client = { session, res, summary };
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
      if (flushTimer !== undefined) clearTimeout(flushTimer);
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
