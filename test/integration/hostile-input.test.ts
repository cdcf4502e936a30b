import { Agent } from 'node:http';
import { setTimeout as pause } from 'node:timers/promises';
import type { RunningMockServer } from 'plant-store-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../support/admin-fetch.ts';
import { schemaErrors } from '../support/contract-schemas.ts';
import {
  auth,
  createPlant,
  json,
  send,
  startTestServer,
  type Answer,
} from '../support/mock-fetch.ts';
import { abortMidBody, dripRequest, sendRaw, statusOver } from '../support/raw-http.ts';

interface Entry {
  source: string;
  request: { headers: Record<string, string>; body: unknown };
  response: { status: number };
}

// One stateful server (1 MiB --max-body) for every test but the slowloris one; each test works in
// a session of its own, so the stores never collide.
let server: RunningMockServer;
let nextId = 1_000_000;
let nextSession = 1;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const newSession = () => `hostile-${nextSession++}`;

/** POST /plants with a bearer token and a JSON content type; the body goes out byte for byte. */
function post(body: string | Uint8Array, headers: Record<string, string> = {}) {
  return send(`${server.url}/plants`, {
    method: 'POST',
    headers: { ...auth, ...json, ...headers },
    body: typeof body === 'string' ? body : new Uint8Array(body),
    signal: AbortSignal.timeout(10_000),
  });
}

function expectError(answer: Answer, statuses: number[]): { error: number; message: string } {
  expect(statuses, `answered ${answer.status}: ${answer.text.slice(0, 300)}`).toContain(
    answer.status,
  );
  expect(schemaErrors('Error', answer.body)).toEqual([]);
  const body = answer.body as { error: number; message: string };
  expect(body.error).toBe(answer.status);
  return body;
}

async function expectStillServing(target: RunningMockServer = server): Promise<void> {
  const session = { 'x-mock-session': newSession() };
  const answer = await createPlant(target, { id: nextId++, name: 'Still here' }, session);
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual({ name: 'Still here' });
}

async function journal(session: string): Promise<Entry[]> {
  const answer = await admin(server, '/requests', { session });
  expect(answer.status).toBe(200);
  return (answer.body as { requests: Entry[] }).requests;
}

describe('deeply nested JSON', () => {
  const arrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
  const objects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  const mixed = (depth: number) => `${'[{"b":'.repeat(depth / 2)}0${'}]'.repeat(depth / 2)}`;

  // Every later stage walks bodies recursively: 4,500 nested arrays once killed the process from
  // the journal's close handler, after the answer had gone out.
  it.each([
    ['arrays 129 deep', arrays(129)],
    ['arrays 4,500 deep', arrays(4_500)],
    ['objects 10,000 deep', objects(10_000)],
    ['arrays and objects 6,000 deep', mixed(6_000)],
  ])(
    'answers %s with a 400 Error naming the depth limit, journals it as text and keeps serving',
    async (_, body) => {
      const session = newSession();
      const { message } = expectError(await post(body, { 'x-mock-session': session }), [400]);
      expect(message).toMatch(/body: must nest arrays and objects at most 128 deep/);
      await expectStillServing();
      const entries = await journal(session);
      expect(entries).toHaveLength(1);
      expect(typeof entries[0]?.request.body).toBe('string');
      const har = await admin(server, '/requests.har', { session });
      expect(har.status).toBe(200);
    },
  );

  it.each([
    ['without a token', '/plants', {}],
    ['to a path the contract lacks', '/nowhere', {}],
  ])('survives 4,500 nested arrays sent %s', async (_, path, headers) => {
    const session = newSession();
    const answer = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-mock-session': session, ...headers },
      body: arrays(4_500),
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    await answer.body?.cancel();
    await expectStillServing();
    expect(await journal(session)).toHaveLength(1);
  });

  it('accepts a valid plant with an extra field nested 128 deep, and still lists its journal', async () => {
    const session = newSession();
    const answer = await post(`{"id":${nextId++},"name":"Deep","extra":${objects(127)}}`, {
      'x-mock-session': session,
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ name: 'Deep' });
    expect(await journal(session)).toHaveLength(1);
  });

  it('refuses an admin body nested 150,000 deep with 400 and stores nothing', async () => {
    const session = newSession();
    const deep = `{"pattern":{"path":"/plants","body":{"matches":${objects(150_000)}}},"response":{"status":200,"body":{"name":"x"}}}`;
    const answer = await fetch(`${server.adminUrl}/stubs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-mock-session': session },
      body: deep,
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      error: 400,
      message: expect.stringMatching(/at most 128 deep/) as unknown,
    });
    const stubs = await admin(server, '/stubs', { session });
    expect(stubs.status).toBe(200);
    expect(stubs.body).toMatchObject({ stubs: [] });
    await expectStillServing();
  });
});

it('answers a 10 MiB body with a 413 Error naming the 1 MiB limit, and keeps serving', async () => {
  const session = newSession();
  const answer = await post(JSON.stringify({ id: nextId++, name: 'x'.repeat(10 * 1024 * 1024) }), {
    'x-mock-session': session,
  });
  const { message } = expectError(answer, [413]);
  expect(message).toContain('1048576 bytes');
  await expectStillServing();
  expect((await journal(session)).map((e) => [e.response.status, e.source])).toEqual([
    [413, 'error:PAYLOAD_TOO_LARGE'],
  ]);
});

describe('prototype pollution', () => {
  const prototypeBefore = describePrototype();

  function describePrototype() {
    return Reflect.ownKeys(Object.prototype).map((key) => [
      key,
      Object.getOwnPropertyDescriptor(Object.prototype, key),
    ]);
  }

  function expectNoPollution(): void {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(([] as unknown as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false);
    expect(describePrototype()).toEqual(prototypeBefore);
  }

  it.each([
    [
      'a top-level __proto__',
      (id: number) => `{"id":${id},"name":"x","__proto__":{"polluted":true}}`,
    ],
    [
      'a top-level constructor.prototype',
      (id: number) => `{"id":${id},"name":"x","constructor":{"prototype":{"polluted":true}}}`,
    ],
    [
      'nested __proto__ and constructor.prototype',
      (id: number) =>
        `{"id":${id},"name":"x","tag":"t","extra":{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}}`,
    ],
  ])('answers a body with %s as any other plant, polluting nothing', async (_, body) => {
    const session = newSession();
    const answer = await post(body(nextId++), { 'x-mock-session': session });
    expect(answer.status).toBe(200);
    expect(schemaErrors('Plant', answer.body)).toEqual([]);
    expect(answer.text).not.toContain('polluted');
    expectNoPollution();
    const [entry] = await journal(session);
    expect(JSON.stringify(entry?.request.body)).toContain('"polluted":true');
  });

  it('refuses a body whose id and name hide under __proto__, as they are not its own', async () => {
    const answer = await post('{"__proto__":{"id":1,"name":"x"}}', {
      'x-mock-session': newSession(),
    });
    const { message } = expectError(answer, [400]);
    expect(message).toMatch(/must have required property 'id'/);
    expectNoPollution();
  });

  it('answers __proto__ and constructor keys in the query and the headers, polluting nothing', async () => {
    const session = newSession();
    // Raw bytes: fetch drops a header named __proto__ before it leaves the client.
    const status = await sendRaw(
      server.port,
      [
        'POST /plants?__proto__[polluted]=1&__proto__=a&__proto__=b&constructor[prototype][polluted]=1 HTTP/1.1',
        'Host: 127.0.0.1',
        'Authorization: Bearer x',
        'Content-Type: application/json',
        `X-Mock-Session: ${session}`,
        '__proto__: polluted',
        'constructor: prototype',
      ].join('\r\n'),
      JSON.stringify({ id: nextId++, name: 'x' }),
    );
    expect(status).toBe(200);
    expectNoPollution();
    expect(await journal(session)).toHaveLength(1);
    const underProto = await post(JSON.stringify({ id: nextId++, name: 'x' }), {
      'x-mock-session': '__proto__',
    });
    expect(underProto.status).toBe(200);
    expectNoPollution();
  });

  it.each(['__proto__=x', 'constructor=1'])(
    'refuses Prefer: %s as an unknown preference, like any other name',
    async (prefer) => {
      const answer = await post(JSON.stringify({ id: nextId++, name: 'x' }), {
        'x-mock-session': newSession(),
        prefer,
      });
      const { message } = expectError(answer, [400]);
      expect(message).toMatch(/unknown preference/);
      expectNoPollution();
    },
  );

  it('answers admin bodies carrying __proto__ without a 5xx, polluting nothing', async () => {
    const polluting = JSON.parse(
      '{"headers":{"__proto__":"x"},"body":{"matches":{"__proto__":{"polluted":true}}}}',
    ) as unknown;
    for (const path of ['/requests/find', '/requests/count']) {
      const answer = await admin(server, path, { body: polluting, session: newSession() });
      expect(answer.status).toBe(200);
    }
    const stub = await send(`${server.adminUrl}/stubs`, {
      method: 'POST',
      headers: { ...json, 'x-mock-session': newSession() },
      body: '{"__proto__":{"polluted":true},"pattern":{"method":"POST"},"response":{"status":200,"body":{"name":"x","__proto__":{"polluted":true}}}}',
    });
    expect(stub.status).toBeLessThan(500);
    expectNoPollution();
  });
});

describe('ids at and past the int64 range', () => {
  // JSON.parse turns every one of these into a double: past 2^53 the number is rounded (both
  // 9223372036854775807 and 9223372036854775808 read as 2^63), so only the source text can tell.
  it.each([
    '9223372036854775807',
    '-9223372036854775808',
    '9007199254740993',
    '9223372036854775807.0',
  ])('accepts the int64 id %s with 200', async (id) => {
    const answer = await post(`{"id":${id},"name":"Big"}`, { 'x-mock-session': newSession() });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ name: 'Big' });
  });

  it.each(['9223372036854775808', '-9223372036854775809', '1e30', '18446744073709551616'])(
    'refuses the id %s, past int64, with a 400 naming body/id',
    async (id) => {
      const answer = await post(`{"id":${id},"name":"Big"}`, { 'x-mock-session': newSession() });
      const { message } = expectError(answer, [400]);
      expect(message).toMatch(/body\/id/);
    },
  );

  it('keeps 2^53 and 2^53+1 apart as two plants', async () => {
    const session = newSession();
    const first = await post('{"id":9007199254740992,"name":"A"}', { 'x-mock-session': session });
    const second = await post('{"id":9007199254740993,"name":"B"}', { 'x-mock-session': session });
    expect([first.status, second.status], second.text).toEqual([200, 200]);
  });
});

describe('odd bytes', () => {
  it('answers a name with an escaped NUL (valid JSON) with 200, keeping the NUL', async () => {
    const session = newSession();
    const answer = await post(`{"id":${nextId++},"name":"a\\u0000b"}`, {
      'x-mock-session': session,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ name: 'a\u0000b' });
    const [entry] = await journal(session);
    expect(entry?.request.body).toMatchObject({ name: 'a\u0000b' });
  });

  it('answers a raw NUL byte inside a JSON string (invalid JSON) with a 400 Error', async () => {
    const raw = Buffer.concat([
      Buffer.from(`{"id":${nextId++},"name":"a`),
      Buffer.from([0x00]),
      Buffer.from('b"}'),
    ]);
    expectError(await post(raw, { 'x-mock-session': newSession() }), [400]);
  });

  it('answers invalid UTF-8 in a property name with a 400 or 415 Error', async () => {
    const raw = Buffer.from([0x7b, 0x22, 0x69, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]);
    expectError(await post(raw, { 'x-mock-session': newSession() }), [400, 415]);
    await expectStillServing();
  });

  it.each([
    ['0xff 0xfe', [0xff, 0xfe]],
    ['an overlong "/" (0xc0 0xaf)', [0xc0, 0xaf]],
    ['a UTF-16 surrogate (0xed 0xa0 0x80)', [0xed, 0xa0, 0x80]],
    ['a cut-short sequence (0xe2 0x82)', [0xe2, 0x82]],
  ])(
    'answers a create whose name holds invalid UTF-8 (%s) with a 400 or 415 Error',
    async (_, bytes) => {
      const raw = Buffer.concat([
        Buffer.from(`{"id":${nextId++},"name":"a`),
        Buffer.from(bytes),
        Buffer.from('b"}'),
      ]);
      expectError(await post(raw, { 'x-mock-session': newSession() }), [400, 415]);
    },
  );

  it('judges duplicate JSON keys by the last one, as JSON.parse keeps it', async () => {
    const session = newSession();
    const id = nextId++;
    const stringLast = await post('{"id":1,"id":"x","name":"a"}', { 'x-mock-session': session });
    expect(expectError(stringLast, [400]).message).toMatch(/body\/id: must be integer/);
    const numberLast = await post(`{"id":"x","id":${id},"name":"a"}`, {
      'x-mock-session': session,
    });
    expect(numberLast.status).toBe(200);
    expect(numberLast.body).toEqual({ name: 'a' });
    // The store keeps the last id too: sending it again is a duplicate.
    const again = await post(`{"id":${id},"name":"b"}`, { 'x-mock-session': session });
    expect(expectError(again, [400]).message).toMatch(/already exists/);
    expect((await journal(session)).map((e) => e.request.body).reverse()).toEqual([
      { id: 'x', name: 'a' },
      { id, name: 'a' },
      { id, name: 'b' },
    ]);
  });
});

describe('misbehaving clients', () => {
  it('closes a slowloris connection within 2.5 s of a 1 s --request-timeout, serving others meanwhile', async () => {
    const slow = await startTestServer({ requestTimeout: 1_000 });
    const head = `POST /plants HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer x\r\nX-Padding: ${'a'.repeat(200)}\r\n\r\n`;
    const othersMs: number[] = [];
    try {
      const result = await dripRequest(slow.port, head, 300, 6_000, async () => {
        const started = performance.now();
        await expectStillServing(slow);
        othersMs.push(performance.now() - started);
        await pause(100);
      });
      expect(result, 'the server still held the connection after 6 s').toBeDefined();
      expect(result?.closedAfterMs).toBeLessThan(2_500);
      expect(result?.received).toMatch(/^(HTTP\/1\.1 408 |$)/);
    } finally {
      await slow.close();
    }
    expect(othersMs.length).toBeGreaterThan(0);
    expect(Math.max(...othersMs)).toBeLessThan(1_000);
  }, 15_000);

  it('keeps serving after a client aborts mid-body, and journals that request once', async () => {
    const session = newSession();
    const body = Buffer.from(JSON.stringify({ id: nextId++, name: 'x'.repeat(200) }));
    const headers = { ...auth, ...json, 'x-mock-session': session, 'x-request-no': 'aborted' };
    await abortMidBody(server.port, '/plants', headers, body, body.length >> 1);
    let entries: Entry[] = [];
    // The entry is written when the server sees the connection close: poll for it, bounded.
    for (let attempt = 0; attempt < 100 && entries.length === 0; attempt++) {
      entries = await journal(session);
      if (entries.length === 0) await pause(20);
    }
    await expectStillServing();
    entries = await journal(session);
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry?.request.headers['x-request-no']).toBe('aborted');
    expect(entry?.source === 'aborted' || entry?.response.status === 400, entry?.source).toBe(true);
  });

  it('answers 1,000 concurrent keep-alive creates with 200 within 15 s, journaling each', async () => {
    const session = newSession();
    const agent = new Agent({ keepAlive: true, maxSockets: 1_000 });
    const headers = { ...auth, ...json, 'x-mock-session': session };
    const started = performance.now();
    try {
      const statuses = await Promise.all(
        Array.from({ length: 1_000 }, (_, i) =>
          statusOver(
            agent,
            server.port,
            '/plants',
            headers,
            JSON.stringify({ id: i, name: `P${i}` }),
          ),
        ),
      );
      const elapsed = performance.now() - started;
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
      expect(elapsed).toBeLessThan(15_000);
    } finally {
      agent.destroy();
    }
    const listed = await admin(server, '/requests?limit=1', { session });
    expect((listed.body as { meta: { total: number } }).meta.total).toBe(1_000);
    await expectStillServing();
  }, 30_000);
});
