import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import type { RunningMockServer } from 'plant-store-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { createEventHub } from '../../src/observe/event-hub.ts';
import type { RecordedEntry } from '../../src/observe/record-interactions.ts';
import { admin } from '../support/admin-fetch.ts';
import { createPlant, json, send, startTestServer } from '../support/mock-fetch.ts';
import { readEvents, type EventReader } from '../support/read-events.ts';

let server: RunningMockServer | undefined;
const readers: EventReader[] = [];
afterEach(async () => {
  for (const reader of readers.splice(0)) reader.close();
  await server?.close();
  server = undefined;
});

async function open(path: string, headers: Record<string, string> = {}): Promise<EventReader> {
  const reader = await readEvents(`${(server as RunningMockServer).adminUrl}${path}`, headers);
  readers.push(reader);
  return reader;
}

interface Entry {
  id: string;
  session: string;
  request: { method: string; path: string };
  response: { status: number };
  contract: { request: { valid: boolean; violations: unknown[] }; response: { valid: boolean } };
}

describe('GET /__admin/events', () => {
  it('streams each journal entry as it is recorded, as GET /__admin/requests lists it', async () => {
    server = await startTestServer();
    const reader = await open('/events');
    await createPlant(server, { id: 1, name: 'Fern' });
    await createPlant(server, { id: 'x', name: 5 });
    await send(`${server.url}/plants`, { method: 'POST', headers: json, body: '{}' });
    const events = (await reader.waitFor(3)) as Entry[];
    expect(events.map((e) => [e.response.status, e.contract.request.valid])).toEqual([
      [200, true],
      [400, false],
      [401, false],
    ]);
    expect(events[1]?.contract.request.violations).toContainEqual({
      location: 'body/id',
      message: 'must be integer',
    });
    const listed = (await admin(server, '/requests')).body as { requests: unknown[] };
    // The listing is newest first.
    expect(events).toEqual(listed.requests.reverse());
  });

  it('streams one session, or every session with *', async () => {
    server = await startTestServer();
    const ofA = await open('/events?session=a');
    const ofAll = await open('/events?session=*');
    const byHeader = await open('/events', { 'x-mock-session': 'b' });
    await createPlant(server, { id: 1, name: 'Fern' }, { 'x-mock-session': 'b' });
    await createPlant(server, { id: 1, name: 'Fern' }, { 'x-mock-session': 'a' });
    await createPlant(server, { id: 2, name: 'Ivy' });
    const all = (await ofAll.waitFor(3)) as Entry[];
    expect(all.map((e) => e.session)).toEqual(['b', 'a', 'default']);
    expect(((await ofA.waitFor(1)) as Entry[]).map((e) => e.session)).toEqual(['a']);
    expect(((await byHeader.waitFor(1)) as Entry[]).map((e) => e.session)).toEqual(['b']);
    expect(ofA.events).toHaveLength(1);
  });

  it('sends summaries with ?fields=summary: no query, headers or bodies', async () => {
    server = await startTestServer();
    const summaries = await open('/events?fields=summary');
    await createPlant(server, { id: 'x', name: 5 }, {}, '?dry=1');
    // Bodies that hold the entry's own keys, and a path with quotes.
    const lookalike = { response: { status: 999 }, source: 'body', request: { method: 'X' } };
    await createPlant(server, { id: 1, name: '","source":"', ...lookalike });
    await send(`${server.url}/plants/%22,%22query%22:`);
    const events = await summaries.waitFor(3);
    const listed = ((await admin(server, '/requests')).body as { requests: Entry[] }).requests;
    expect(events).toEqual(
      listed.reverse().map((entry) => ({
        ...entry,
        request: {
          method: entry.request.method,
          path: entry.request.path,
          query: {},
          headers: {},
          body: null,
        },
        response: { status: entry.response.status, headers: {}, body: null },
        summary: true,
      })),
    );
    expect(events.map((e) => (e as Entry).response.status)).toEqual([400, 200, 404]);
    const refused = await send(`${server.adminUrl}/events?fields=all`);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 400 });
  });

  it('holds a client to ?maxRate entries a second, and counts the others in skipped events', async () => {
    server = await startTestServer();
    const running = server;
    const opened = performance.now();
    const limited = await open('/events?fields=summary&maxRate=5');
    const everything = await open('/events');
    const sent = 60;
    await Promise.all(
      Array.from({ length: sent }, (_, i) => createPlant(running, { id: i + 1, name: 'Fern' })),
    );
    await everything.waitFor(sent);
    const skipped = (): number =>
      limited.named.reduce((total, { event, data }) => {
        expect(event).toBe('skipped');
        return total + (data as { skipped: number }).skipped;
      }, 0);
    // Every entry is either sent or counted, within the 250 ms a held client's batch waits.
    await expect.poll(() => limited.events.length + skipped(), { timeout: 2_000 }).toBe(sent);
    const elapsedSec = (performance.now() - opened) / 1_000;
    // A second's worth at once, then 5 a second.
    expect(limited.events.length).toBeGreaterThanOrEqual(5);
    expect(limited.events.length).toBeLessThanOrEqual(5 + Math.ceil(5 * elapsedSec));
    expect(skipped()).toBeGreaterThan(0);
    // Each skipped event names the last entry it counts: one of those the client was not sent.
    const sentIds = new Set((limited.events as Entry[]).map((e) => e.id));
    const allIds = new Set((everything.events as Entry[]).map((e) => e.id));
    for (const { data } of limited.named) {
      const { lastId } = data as { lastId: string };
      expect(allIds.has(lastId) && !sentIds.has(lastId)).toBe(true);
    }
    expect((limited.events as Entry[]).every((e) => e.response.status === 200)).toBe(true);
    expect(limited.events[0]).toMatchObject({ summary: true });
    for (const bad of ['0', 'x', '1.5', '-3']) {
      const refused = await send(`${running.adminUrl}/events?maxRate=${bad}`);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: 400, message: /maxRate must be a whole number/ });
    }
  });

  it('lists the journal as summaries with GET /__admin/requests?fields=summary', async () => {
    server = await startTestServer();
    await createPlant(server, { id: 1, name: 'Fern' }, {}, '?dry=1');
    await createPlant(server, { id: 'x', name: 5 });
    const full = ((await admin(server, '/requests')).body as { requests: Entry[] }).requests;
    const listed = await admin(server, '/requests?fields=summary&limit=1');
    expect(listed.body).toEqual({
      requests: [
        {
          ...full[0],
          request: { method: 'POST', path: '/plants', query: {}, headers: {}, body: null },
          response: { status: 400, headers: {}, body: null },
          summary: true,
        },
      ],
      meta: { total: 2, dropped: 0 },
    });
    const refused = await send(`${server.adminUrl}/requests?fields=all`);
    expect(refused.status).toBe(400);
  });

  it('is behind the admin token, and opens with it', async () => {
    server = await startTestServer({ adminToken: 'admin-secret' });
    const refused = await send(`${server.adminUrl}/events`);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ error: 401 });
    const reader = await open('/events', { authorization: 'Bearer admin-secret' });
    await createPlant(server, { id: 1, name: 'Fern' });
    expect(await reader.waitFor(1)).toHaveLength(1);
  });

  it('is refused to a foreign web page like the rest of the admin API', async () => {
    server = await startTestServer();
    const answer = await send(`${server.adminUrl}/events`, {
      headers: { origin: 'https://attacker.example' },
    });
    expect(answer.status).toBe(403);
  });

  it('ends open streams when the mock closes, without holding the shutdown', async () => {
    server = await startTestServer({ adminPort: 0 });
    const first = await open('/events');
    const second = await open('/events?session=*');
    const started = performance.now();
    await server.close();
    server = undefined;
    await Promise.all([first.ended, second.ended]);
    // The shutdown would wait for its 4 s grace if the streams held it.
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('drops a client that stops reading, and ends its stream', async () => {
    server = await startTestServer();
    const { port } = new URL(server.adminUrl);
    const socket = connect(Number(port), '127.0.0.1');
    socket.on('error', () => undefined);
    await once(socket, 'connect');
    socket.write('GET /__admin/events HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await once(socket, 'data');
    socket.pause();
    // 16 KiB bodies make entries of about 33 KB: 600 of them are 20 MB, past any socket buffer.
    const big = JSON.stringify({ id: 1, name: 'x'.repeat(16 * 1024) });
    const ended = new Promise<number>((resolve) => {
      socket.once('close', () => {
        resolve(received);
      });
    });
    let received = 0;
    for (let i = 0; i < 600; i++) await createPlant(server, big, { prefer: 'code=400' });
    socket.on('data', (chunk: Buffer) => (received += chunk.length));
    socket.resume();
    // The server cut the stream: what was in the pipes arrives, then the end.
    expect(await ended).toBeLessThan(20 * 1024 * 1024);
  });
});

describe('the event hub', () => {
  let http: Server | undefined;
  afterEach(async () => {
    http?.closeAllConnections();
    if (http !== undefined) await new Promise((resolve) => http?.close(resolve));
    http = undefined;
  });

  async function serve(hub: ReturnType<typeof createEventHub>): Promise<number> {
    http = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(': open\n\n');
      hub.subscribe('*', res);
    });
    http.listen(0, '127.0.0.1');
    await once(http, 'listening');
    return (http.address() as AddressInfo).port;
  }

  it('sends heartbeats to an idle stream', async () => {
    const hub = createEventHub({ heartbeatMs: 20 });
    const port = await serve(hub);
    const reader = await readEvents(`http://127.0.0.1:${port}/`);
    readers.push(reader);
    await expect
      .poll(() => reader.comments.filter((c) => c === ': heartbeat').length)
      .toBeGreaterThanOrEqual(3);
  });

  it('keeps at most its bound for a stalled client, then drops it', async () => {
    const hub = createEventHub({ maxBufferedBytes: 256 * 1024 });
    const port = await serve(hub);
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    await once(socket, 'connect');
    socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await once(socket, 'data');
    socket.pause();
    expect(hub.stats()).toMatchObject({ clients: 1, dropped: 0 });
    const text = JSON.stringify({ body: 'y'.repeat(64 * 1024) });
    const entry = recordedEntry(text);
    global.gc?.();
    const before = process.memoryUsage();
    // 200 MB published to a client that reads nothing.
    for (let i = 0; i < 3_200 && hub.stats().clients > 0; i++) {
      hub.publish(entry);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(hub.stats()).toMatchObject({ clients: 0, dropped: 1 });
    const after = process.memoryUsage();
    const grown = after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers;
    expect(grown).toBeLessThan(64 * 1024 * 1024);
    socket.destroy();
  });

  it('costs nothing to publish without clients', () => {
    const hub = createEventHub();
    hub.publish(recordedEntry('{}'));
    expect(hub.stats()).toMatchObject({ clients: 0, dropped: 0 });
  });
});

// An entry as the recorder hands it over; these tests send only whole entries.
function recordedEntry(text: string): RecordedEntry {
  return {
    id: '1',
    session: 'default',
    text,
    head: '{',
    method: 'POST',
    path: '/plants',
    status: 200,
    tail: '',
  };
}
