import type { ServerResponse } from 'node:http';
import { allSessions } from '../sessions/session-of.ts';
import type { EventHubOptions, EventHubStats, StreamWishes } from './event-hub-options.ts';
import { summaryText, type RecordedEntry } from './record-interactions.ts';

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
}

const defaults = {
  maxBufferedBytes: 64 * 1024,
  clientLimit: Infinity,
  heartbeatMs: 15_000,
  skippedMs: 250,
};

/**
 * Fans journal entries out to server-sent-event clients (GET /__admin/events): each entry is
 * written to each client as it is journaled, its event made once for all. A client held to a rate
 * gets the entries it has earned, and a count of those it missed. Without clients, publishing
 * costs one size check.
 *
 * @example
 * const hub = createEventHub({ clientLimit: 64 });
 * if (hub.hasRoom()) hub.subscribe('*', res); // after the SSE headers are written
 * hub.publish(entry); // from recordInteractions' onRecorded
 * hub.closeAll(); // on shutdown
 */
export function createEventHub(options: EventHubOptions = {}) {
  const { maxBufferedBytes, clientLimit, heartbeatMs, skippedMs } = {
    ...defaults,
    ...options,
  };
  const clients = new Set<Client>();
  let heartbeat: NodeJS.Timeout | undefined;
  let skippedTimer: NodeJS.Timeout | undefined;
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
  // reading, and is dropped. So a client holds at most the bound and one write.
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

  // Whether a client held to a rate has earned the entry (it earns entries as time passes, up to
  // a second's worth); if not, it is counted as skipped, and the count goes out with the next entry
  // it is sent or after `skippedMs`.
  function admit(client: Client, entry: RecordedEntry, now: number): boolean {
    const earned = ((now - client.refilledAt) * client.maxRate) / 1_000;
    client.tokens = Math.min(client.maxRate, client.tokens + earned);
    client.refilledAt = now;
    if (client.tokens >= 1) {
      client.tokens--;
      return true;
    }
    client.skipped++;
    client.lastSkipped = entry.id;
    skippedTimer ??= setTimeout(sendSkipped, skippedMs);
    return false;
  }

  // How many entries a client held to a rate missed since it was last told, as an event.
  function skippedNotice(client: Client): string {
    if (client.skipped === 0) return '';
    const notice = `{"skipped":${String(client.skipped)},"lastId":${JSON.stringify(client.lastSkipped)}}`;
    client.skipped = 0;
    return `event: skipped\ndata: ${notice}\n\n`;
  }

  function sendSkipped(): void {
    skippedTimer = undefined;
    for (const client of clients) {
      const notice = skippedNotice(client);
      if (notice !== '') send(client, notice);
    }
  }

  return {
    /** Whether one more client may subscribe (fewer than `clientLimit` are open). */
    hasRoom(): boolean {
      return clients.size < clientLimit;
    },
    /** Sends a journal entry to the clients of its session and of `*`. */
    publish(entry: RecordedEntry): void {
      if (clients.size === 0) return;
      // Each event made once, and only if a client takes it.
      let full: string | undefined;
      let summary: string | undefined;
      let now: number | undefined;
      for (const client of clients) {
        if (client.session !== allSessions && client.session !== entry.session) continue;
        const limited = client.maxRate !== Infinity;
        if (limited && !admit(client, entry, (now ??= performance.now()))) continue;
        const event = client.summary
          ? (summary ??= eventOf(summaryText(entry)))
          : (full ??= eventOf(entry.text));
        send(client, limited ? skippedNotice(client) + event : event);
      }
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
      clearTimeout(skippedTimer);
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

// An entry's JSON has line breaks only as whitespace, if at all: each line goes on a `data:` line
// of its own, which the client joins again with "\n".
function eventOf(text: string): string {
  if (!/[\r\n]/.test(text)) return `data: ${text}\n\n`;
  return `data: ${text.split(/\r\n|\r|\n/).join('\ndata: ')}\n\n`;
}
