/** A server-sent-events stream being read: the events so far, and a way to wait for more. */
export interface EventReader {
  /** The `data` of each event without a name received so far, parsed as JSON. */
  events: unknown[];
  /** Named events (`event: NAME`) received so far, their data parsed as JSON. */
  named: { event: string; data: unknown }[];
  /** Comment lines received so far (heartbeats, the opening comment). */
  comments: string[];
  /** Resolves once `count` events have arrived; rejects after `ms`. */
  waitFor(count: number, ms?: number): Promise<unknown[]>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * Opens GET /__admin/events with fetch and parses the stream as it comes.
 *
 * @example
 * const reader = await readEvents(`${server.adminUrl}/events?session=*`);
 * await reader.waitFor(1);
 */
export async function readEvents(
  url: string,
  headers: Record<string, string> = {},
): Promise<EventReader> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  if (response.status !== 200 || response.body === null) {
    throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
  }
  const events: unknown[] = [];
  const named: { event: string; data: unknown }[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const decoder = new TextDecoder();
  let buffer = '';
  const ended = (async () => {
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n');
          const data = lines.filter((line) => line.startsWith('data: ')).map((l) => l.slice(6));
          const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
          if (data.length === 0) comments.push(block);
          else if (event === undefined) events.push(JSON.parse(data.join('\n')));
          else named.push({ event, data: JSON.parse(data.join('\n')) });
        }
        for (const wake of waiters) wake();
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    events,
    named,
    comments,
    ended,
    waitFor(count, ms = 5_000) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          if (events.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(events);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${events.length} events of ${count} arrived within ${ms} ms`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
    close: () => {
      controller.abort();
    },
  };
}
