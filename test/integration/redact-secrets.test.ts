import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningMockServer } from 'plant-store-mock';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { admin } from '../support/admin-fetch.ts';
import { send, startTestServer } from '../support/mock-fetch.ts';

// A contract whose API keys travel in a header, the query and a cookie.
const spec = {
  openapi: '3.0.3',
  info: { title: 'Keys', version: '1.0.0' },
  paths: {
    '/things': {
      get: {
        operationId: 'listThings',
        security: [{ headerKey: [] }, { queryKey: [] }, { cookieKey: [] }],
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': { schema: { type: 'object' }, example: { things: [] } },
            },
          },
        },
      },
    },
  },
  components: {
    securitySchemes: {
      headerKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
      queryKey: { type: 'apiKey', in: 'query', name: 'api_key' },
      cookieKey: { type: 'apiKey', in: 'cookie', name: 'key_cookie' },
      // Declared, used by no operation: a client may still send it.
      spareKey: { type: 'apiKey', in: 'header', name: 'X-Spare-Key' },
    },
  },
};

const secrets = [
  'header-secret-1111',
  'query-secret-2222',
  'cookie-secret-3333',
  'other-cookie-4444',
  'proxy-secret-5555',
  'spare-secret-6666',
  'stub-cookie-7777',
];

let folder: string;
let server: RunningMockServer | undefined;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'plant-store-mock-secrets-'));
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await rm(folder, { recursive: true, force: true });
});

it("keeps the contract's API keys, cookies and proxy credentials out of the journal, the HAR and the record file", async () => {
  const specFile = join(folder, 'keys.json');
  const recordFile = join(folder, 'interactions.jsonl');
  await writeFile(specFile, JSON.stringify(spec));
  server = await startTestServer({ spec: specFile, recordFile });
  const stub = await admin(server, '/stubs', {
    body: {
      pattern: { path: '/things', headers: { 'x-stub': 'yes' } },
      response: {
        status: 200,
        body: { things: [] },
        headers: { 'set-cookie': 'sid=stub-cookie-7777; Path=/; HttpOnly' },
      },
    },
  });
  expect(stub.status).toBe(201);
  const answers = [
    await send(`${server.url}/things`, {
      headers: {
        'x-api-key': 'header-secret-1111',
        cookie: 'key_cookie=cookie-secret-3333; theme=other-cookie-4444',
        'proxy-authorization': 'Basic proxy-secret-5555',
        'x-spare-key': 'spare-secret-6666',
      },
    }),
    await send(`${server.url}/things?api_key=query-secret-2222&page=1`),
    await send(`${server.url}/things?api_key=query-secret-2222&api_key=query-secret-2222`),
    await send(`${server.url}/things?page=2`, {
      headers: { 'x-api-key': 'header-secret-1111', 'x-stub': 'yes' },
    }),
    // Refused before an operation was chosen: recorded from the raw request.
    await send(`${server.url}/nothing?api_key=query-secret-2222`, {
      headers: { 'x-api-key': 'header-secret-1111', cookie: 'key_cookie=cookie-secret-3333' },
    }),
  ];
  expect(answers.map((a) => a.status)).toEqual([200, 200, 401, 200, 404]);
  const journal = await admin(server, '/requests');
  const har = await admin(server, '/requests.har');
  await server.close();
  server = undefined;
  const record = await readFile(recordFile, 'utf8');
  for (const [where, text] of [
    ['journal', journal.text],
    ['HAR', har.text],
    ['record file', record],
  ] as const) {
    for (const secret of secrets) expect([where, text.includes(secret)]).toEqual([where, false]);
  }
  // What was sent stays visible: names and schemes, so verification can still match on them.
  const first = (
    journal.body as { requests: { request: { headers: Record<string, string> } }[] }
  ).requests.find((entry) => 'proxy-authorization' in entry.request.headers)?.request.headers;
  expect(first).toMatchObject({
    'x-api-key': '[redacted]',
    cookie: 'key_cookie=[redacted]; theme=[redacted]',
    'proxy-authorization': 'Basic',
  });
  expect(journal.text).toContain('"api_key":"[redacted]"');
  expect(journal.text).toContain('sid=[redacted]; Path=/; HttpOnly');
  const count = await (async () => {
    server = await startTestServer({ spec: specFile });
    await send(`${server.url}/things`, { headers: { 'x-api-key': 'header-secret-1111' } });
    return admin(server, '/requests/count', {
      body: { path: '/things', headers: { 'x-api-key': '[redacted]' } },
    });
  })();
  expect(count.body).toMatchObject({ count: 1 });
});
