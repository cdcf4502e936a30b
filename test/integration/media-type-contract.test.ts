import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setupServer } from 'msw/node';
import { ConfigError } from 'plant-store-mock';
import { createContractHandlers } from 'plant-store-mock/msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../support/mock-fetch.ts';

// A contract that labels a body `json` instead of `application/json`: Prism's validator cannot
// parse it, so both the server and the msw handlers refuse it when they load it, naming where.
const object = { type: 'object', properties: { name: { type: 'string' } } };
const openapi = (content: Record<string, unknown>, responses: Record<string, unknown> = {}) => ({
  openapi: '3.0.3',
  info: { title: 'Things', version: '1' },
  paths: {
    '/things': {
      get: {
        operationId: 'listThings',
        responses: { '200': { description: 'ok', content }, ...responses },
      },
    },
  },
  components: {
    responses: { Gone: { description: 'gone', content: { text: { schema: object } } } },
  },
});
const swagger = (produces: string[], schema: unknown) => ({
  swagger: '2.0',
  info: { title: 'Things', version: '1' },
  basePath: '/v1',
  produces,
  paths: { '/things': { get: { responses: { '200': { description: 'ok', schema } } } } },
});

const postman = {
  info: {
    name: 'Things',
    schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
  },
  item: [
    {
      name: 'list',
      request: { method: 'GET', url: 'http://api.test/things' },
      response: [
        { name: 'ok', code: 200, header: [{ key: 'Content-Type', value: 'json' }], body: '{}' },
      ],
    },
  ],
};

const refused = {
  'a response content key': [
    openapi({ json: { schema: object } }),
    /listThings declares the media type "json" for its 200 response/,
  ],
  'a referenced response': [
    openapi(
      { 'application/json': { schema: object } },
      { '410': { $ref: '#/components/responses/Gone' } },
    ),
    /listThings declares the media type "text" for its 410 response/,
  ],
  'Swagger 2.0 produces': [
    swagger(['json'], object),
    /GET \/things declares the media type "json" for its responses/,
  ],
  'a Postman response header': [
    postman,
    /GET \/things declares the media type "json" for its 200 response/,
  ],
} as const;

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'media-type-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

// A ConfigError (CONFIG_INVALID, the CLI's exit code 2) whose message says where.
async function expectRefused(loading: Promise<unknown>, where: RegExp): Promise<void> {
  const error = await loading.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ConfigError);
  expect(error).toMatchObject({ code: 'CONFIG_INVALID' });
  expect((error as Error).message).toMatch(where);
}

describe.each(Object.entries(refused))(
  'a contract with a malformed media type in %s',
  (name, [document, where]) => {
    it('stops the server from starting, with CONFIG_INVALID naming the operation and the type', async () => {
      const spec = join(folder, `${name.replaceAll(' ', '-')}.json`);
      await writeFile(spec, JSON.stringify(document));
      await expectRefused(startTestServer({ spec }), where);
    });

    it('makes the msw handlers refuse it when they load, with the same error', async () => {
      const mock = createContractHandlers({ baseUrl: 'http://api.test', contract: document });
      await expectRefused(mock.ready(), where);
      // A request sent without ready() gets msw's answer to a failed handler, with that message.
      const network = setupServer(...mock.handlers);
      network.listen({ onUnhandledFrame: 'bypass' });
      try {
        const answer = await fetch('http://api.test/things');
        expect(answer.status).toBe(500);
        expect(((await answer.json()) as { message?: string }).message).toMatch(where);
      } finally {
        network.close();
      }
    });
  },
);

describe('a contract whose media types are well formed', () => {
  // Parameters are allowed; the component no operation uses is not read.
  const document = openapi({ 'application/json; charset=utf-8': { schema: object } });

  it('loads in the server and the handlers, which answer alike', async () => {
    const spec = join(folder, 'well-formed.json');
    await writeFile(spec, JSON.stringify(document));
    const server = await startTestServer({ spec, mode: 'static' });
    const mock = createContractHandlers({
      baseUrl: 'http://api.test',
      contract: document,
      mode: 'static',
    });
    const network = setupServer(...mock.handlers);
    network.listen({ onUnhandledFrame: 'bypass' });
    try {
      const [onServer, inApp] = await Promise.all([
        fetch(`${server.url}/things`),
        fetch('http://api.test/things'),
      ]);
      expect([onServer.status, inApp.status]).toEqual([200, 200]);
      expect(await inApp.json()).toEqual(await onServer.json());
    } finally {
      network.close();
      await server.close();
    }
  });

  it('keeps a Swagger 2.0 document whose odd produces no response uses', async () => {
    const mock = createContractHandlers({
      baseUrl: 'http://api.test',
      contract: swagger(['json'], undefined),
    });
    await expect(mock.ready()).resolves.toBeUndefined();
  });
});
