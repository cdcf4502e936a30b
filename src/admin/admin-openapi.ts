import { requestPatternSchema } from '../interactions/request-pattern.ts';
import { stubDefinitionSchema } from '../responders/stubs/stub-schema.ts';
import { sequenceBodySchema, verifyBodySchema } from './admin-body-schemas.ts';
import { error, json, ref, violation } from './openapi-parts.ts';
import { pactPath } from './pact-openapi.ts';
import { recordingPath } from './recording-openapi.ts';

const sessionParameter = { $ref: '#/components/parameters/Session' };
const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };

const summaryFieldsParameter = {
  name: 'fields',
  in: 'query',
  schema: { enum: ['summary'] },
  description:
    'summary: each entry without its query, headers and bodies (`{}` and null), with `"summary": true`',
};

const truncatedBody = {
  const: true,
  description: 'Present when the body was over 16 KiB: `body` is then its first 16 KiB of text.',
};

// Both verifications: a JSON body, 200 when it holds, 422 with near misses when not.
function verifyPath(operationId: string, body: object, [holds, fails]: [string, string]) {
  return {
    post: {
      operationId,
      requestBody: { required: true, content: { 'application/json': { schema: body } } },
      responses: {
        '200': json(ref('VerifySuccess'), holds),
        '422': json(ref('VerifyFailure'), fails),
        '400': error('A malformed body'),
      },
    },
  };
}

interface Operation {
  security?: unknown;
  parameters?: object[];
  responses: Record<string, object>;
}

/**
 * The OpenAPI 3.1 description of the admin API, served at GET /__admin/openapi.json.
 *
 * @example
 * adminOpenApi('0.1.0').paths['/__admin/verify'].post.operationId; // 'verify'
 */
export function adminOpenApi(version: string) {
  const verdict = {
    type: 'object',
    required: ['valid', 'violations'],
    properties: { valid: { type: 'boolean' }, violations: { type: 'array', items: violation } },
  };
  const patternBody = {
    required: true,
    content: { 'application/json': { schema: ref('RequestPattern') } },
  };
  const paths = {
    '/__admin/health': {
      get: {
        operationId: 'health',
        security: [{}],
        responses: { '200': json(ref('Health'), 'The mock is up') },
      },
    },
    '/__admin/openapi.json': {
      get: {
        operationId: 'describeAdminApi',
        responses: { '200': json({ type: 'object' }, 'This document') },
      },
    },
    '/__admin/requests': {
      get: {
        operationId: 'listRequests',
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1 } },
          {
            name: 'since',
            in: 'query',
            description: 'An interaction id (later ones are listed) or an ISO 8601 date',
            schema: { type: 'string' },
          },
          { name: 'operationId', in: 'query', schema: { type: 'string' } },
          { name: 'status', in: 'query', schema: { type: 'integer' } },
          summaryFieldsParameter,
        ],
        responses: {
          '200': json(
            {
              type: 'object',
              required: ['requests', 'meta'],
              properties: {
                requests: { type: 'array', items: ref('Interaction') },
                meta: {
                  type: 'object',
                  required: ['total', 'dropped'],
                  properties: { total: { type: 'integer' }, dropped: { type: 'integer' } },
                },
              },
            },
            'Recorded interactions, newest first',
          ),
          '400': error('A malformed query'),
        },
      },
      delete: {
        operationId: 'clearRequests',
        responses: {
          '204': {
            description:
              'The journal of the session is empty (its pact keeps them: see DELETE /__admin/pact)',
          },
        },
      },
    },
    '/__admin/requests.har': {
      get: {
        operationId: 'exportHar',
        responses: {
          '200': json(
            { type: 'object', required: ['log'] },
            'The journal as HAR 1.2, oldest first',
          ),
        },
      },
    },
    '/__admin/requests/count': {
      post: {
        operationId: 'countRequests',
        requestBody: patternBody,
        responses: {
          '200': json(
            { type: 'object', required: ['count'], properties: { count: { type: 'integer' } } },
            'How many recorded requests match',
          ),
          '400': error('A malformed pattern'),
        },
      },
    },
    '/__admin/requests/find': {
      post: {
        operationId: 'findRequests',
        requestBody: patternBody,
        responses: {
          '200': json(
            {
              type: 'object',
              required: ['requests'],
              properties: { requests: { type: 'array', items: ref('Interaction') } },
            },
            'Matching interactions, oldest first',
          ),
          '400': error('A malformed pattern'),
        },
      },
    },
    '/__admin/requests/{id}': {
      get: {
        operationId: 'getRequest',
        parameters: [idParameter],
        responses: {
          '200': json(ref('Interaction'), 'One interaction'),
          '404': error('No such interaction in the session'),
        },
      },
    },
    '/__admin/verify': verifyPath('verify', verifyBodySchema(ref('RequestPattern')), [
      'As many matching requests as expected',
      'Another number of matching requests',
    ]),
    '/__admin/verify/sequence': verifyPath(
      'verifySequence',
      sequenceBodySchema(ref('RequestPattern')),
      ['The requests arrived in that order', 'They did not'],
    ),
    '/__admin/stubs': {
      post: {
        operationId: 'createStub',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: ref('StubDefinition') } },
        },
        responses: {
          '201': json(ref('Stub'), 'The stub, registered'),
          '400': json(
            {
              allOf: [
                ref('Error'),
                {
                  type: 'object',
                  properties: { violations: { type: 'array', items: violation } },
                },
              ],
            },
            'Malformed, or it breaks the contract (the violations are listed)',
          ),
        },
      },
      get: {
        operationId: 'listStubs',
        responses: {
          '200': json(
            {
              type: 'object',
              required: ['stubs'],
              properties: { stubs: { type: 'array', items: ref('Stub') } },
            },
            'The stubs of the session, in match order',
          ),
        },
      },
      delete: {
        operationId: 'clearStubs',
        responses: { '204': { description: 'No stubs left in the session' } },
      },
    },
    '/__admin/stubs/{id}': {
      get: {
        operationId: 'getStub',
        parameters: [idParameter],
        responses: {
          '200': json(ref('Stub'), 'One stub'),
          '404': error('No such stub in the session'),
        },
      },
      delete: {
        operationId: 'removeStub',
        parameters: [idParameter],
        responses: {
          '204': { description: 'Removed' },
          '404': error('No such stub in the session'),
        },
      },
    },
    '/__admin/coverage': {
      get: {
        operationId: 'coverage',
        responses: { '200': json(ref('Coverage'), 'Answered statuses per operation') },
      },
    },
    '/__admin/pact': pactPath,
    '/__admin/recording': recordingPath,
    '/__admin/events': {
      get: {
        operationId: 'streamEvents',
        description:
          'Server-sent events: one `data:` event per journal entry of the session (`*`: every session) as it is recorded, its data an Interaction as JSON. A comment line every 15 s; a client that leaves 64 KiB unsent is dropped; past --event-client-limit open streams, 503.',
        parameters: [
          summaryFieldsParameter,
          {
            name: 'maxRate',
            in: 'query',
            schema: { type: 'integer', minimum: 1 },
            description:
              'At most this many entries a second (a second\'s worth at once); the others are skipped, and an `event: skipped` with data `{"skipped":N,"lastId":"ID"}` (ahead of the next entry sent, or within 250 ms) counts them and names the last. For views that cannot show more, such as the inspector page.',
          },
        ],
        responses: {
          '200': {
            description: 'The stream, open until the client leaves or the mock closes',
            content: { 'text/event-stream': { schema: { type: 'string' } } },
          },
          '503': error('As many streams are open as --event-client-limit allows'),
        },
      },
    },
    '/__admin/inspector': {
      get: {
        operationId: 'inspectorPage',
        description:
          'The live inspector page (HTML). Open without the admin token: it holds no data, and asks for the token when the API answers 401.',
        security: [{}],
        responses: {
          '200': {
            description: 'The page',
            content: { 'text/html': { schema: { type: 'string' } } },
          },
        },
      },
    },
    '/__admin/inspector/{asset}': {
      get: {
        operationId: 'inspectorAsset',
        description: "The page's script and style, built with the package.",
        security: [{}],
        parameters: [
          { name: 'asset', in: 'path', required: true, schema: { enum: ['app.js', 'app.css'] } },
        ],
        responses: {
          '200': { description: 'The asset' },
          '404': error('No such asset'),
        },
      },
    },
    '/__admin/reset': {
      post: {
        operationId: 'reset',
        responses: {
          '200': json(
            { type: 'object', properties: { reset: { type: 'string' } } },
            "Journal, coverage and stubs cleared, store back to its fixtures; the session's pact keeps what it answered (see DELETE /__admin/pact)",
          ),
        },
      },
    },
  };
  // Every endpoint but the open ones and this document sees one session; all but the open ones
  // need the token.
  for (const [path, item] of Object.entries(paths)) {
    for (const operation of Object.values(item) as Operation[]) {
      if (operation.security !== undefined) continue;
      if (path !== '/__admin/openapi.json') {
        operation.parameters = [sessionParameter, ...(operation.parameters ?? [])];
      }
      operation.responses['401'] = error('The admin token is missing');
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'plant-store-mock admin API',
      version,
      license: { name: 'MIT', identifier: 'MIT' },
      description:
        'Inspect and verify what the mock received. Every endpoint takes X-Mock-Session (or ?session=) and then sees only that session; `*` means every session. Any endpoint answers 403 to a request whose Host, or whose browser Origin, is not an allowed host (see --allowed-hosts), and 415 to a write whose body is not application/json.',
    },
    security: [{ adminToken: [] }, {}],
    paths,
    components: {
      securitySchemes: {
        adminToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'Required when the mock runs with --admin-token',
        },
      },
      parameters: {
        Session: {
          name: 'X-Mock-Session',
          in: 'header',
          schema: { type: 'string' },
          description: 'The session to look at; default "default", "*" for all',
        },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['error', 'message'],
          properties: { error: { type: 'integer' }, message: { type: 'string' } },
        },
        Health: {
          type: 'object',
          required: ['status', 'spec', 'mode'],
          properties: {
            status: {
              enum: ['ok', 'degraded'],
              description:
                'degraded: the mock serves, but the record file is dropping lines; or the shared store (--store redis://...) does not answer, and every other request is answered 503',
            },
            mode: { type: 'string' },
            sessions: {
              type: 'object',
              description: 'Sessions with state now, the --session-limit, and sessions evicted',
              properties: {
                live: { type: 'integer' },
                limit: { type: 'integer' },
                evicted: { type: 'integer' },
              },
            },
            stubs: { type: 'integer', description: 'Stubs held over all sessions' },
            events: {
              type: 'object',
              description:
                'Clients of GET /__admin/events open now, the --event-client-limit, and clients dropped because they did not read',
              properties: {
                clients: { type: 'integer' },
                limit: { type: 'integer' },
                dropped: { type: 'integer' },
              },
            },
            store: {
              type: 'object',
              description:
                'With --store redis://...: the shared store and whether it answers. While it does not, sessions and stubs are left out.',
              properties: {
                kind: { enum: ['redis'] },
                url: { type: 'string' },
                connected: { type: 'boolean' },
              },
            },
            recordFile: {
              type: 'object',
              description:
                'With --record-file: lines dropped (its reader fell behind, or a write error such as ENOSPC lasted), bytes waiting, and the write error being retried, if any. Either makes the status "degraded".',
              properties: {
                path: { type: 'string' },
                droppedLines: { type: 'integer' },
                pendingBytes: { type: 'integer' },
                error: { type: 'string', description: 'e.g. "ENOSPC: no space left on device"' },
              },
            },
            spec: {
              type: 'object',
              properties: {
                title: { type: 'string' },
                version: { type: 'string' },
                hash: { type: 'string' },
              },
            },
          },
        },
        RequestPattern: requestPatternSchema,
        Interaction: {
          type: 'object',
          required: [
            'id',
            'receivedAt',
            'durationMs',
            'session',
            'operationId',
            'request',
            'response',
            'source',
            'contract',
          ],
          properties: {
            id: { type: 'string' },
            receivedAt: { type: 'string', format: 'date-time' },
            durationMs: { type: 'number' },
            session: { type: 'string' },
            operationId: { type: ['string', 'null'] },
            source: { type: 'string' },
            request: {
              type: 'object',
              required: ['method', 'path', 'query', 'headers', 'body'],
              properties: { truncated: truncatedBody },
            },
            response: {
              type: 'object',
              required: ['status', 'headers', 'body'],
              properties: { truncated: truncatedBody },
            },
            contract: {
              type: 'object',
              required: ['hash', 'request', 'response'],
              properties: { hash: { type: 'string' }, request: verdict, response: verdict },
            },
          },
        },
        StubDefinition: stubDefinitionSchema,
        Stub: {
          allOf: [
            ref('StubDefinition'),
            {
              type: 'object',
              required: ['id', 'session', 'createdAt', 'uses', 'operationIds', 'violations'],
              properties: {
                id: { type: 'string' },
                session: { type: 'string' },
                createdAt: { type: 'string' },
                uses: { type: 'integer' },
                operationIds: { type: 'array', items: { type: 'string' } },
                violations: { type: 'array', items: violation },
              },
            },
          ],
        },
        VerifySuccess: {
          type: 'object',
          required: ['ok', 'count', 'dropped'],
          properties: {
            ok: { const: true },
            count: { type: 'integer' },
            dropped: {
              type: 'integer',
              description:
                'Entries of the session that the full journal dropped; they could not change this verdict.',
            },
          },
        },
        VerifyFailure: {
          type: 'object',
          required: ['ok', 'count', 'expected', 'nearMisses', 'dropped', 'inconclusive'],
          properties: {
            ok: { const: false },
            count: { type: 'integer' },
            expected: { type: 'string' },
            dropped: {
              type: 'integer',
              description:
                'Entries of the session (of every session for `*`) that the full journal dropped.',
            },
            inconclusive: {
              type: 'boolean',
              description:
                'True when the dropped entries (or the requests the shared store lost) may have matched and so could change the verdict: it fails rather than pass on lost data.',
            },
            lostAt: {
              type: 'string',
              format: 'date-time',
              description:
                'With --store redis://: when Redis lost its data (it restarted empty), with requests of this session sent before; absent once the session is reset or its requests cleared.',
            },
            message: {
              type: 'string',
              description: 'Why the verdict is inconclusive, when it is.',
            },
            hint: {
              type: 'string',
              description:
                'When nothing matched in the session but requests of session `default` do: how many (they were sent without the session).',
            },
            nearMisses: {
              type: 'array',
              items: {
                type: 'object',
                required: ['id', 'method', 'path', 'status', 'differences'],
                properties: {
                  id: { type: 'string' },
                  method: { type: 'string' },
                  path: { type: 'string' },
                  status: { type: 'integer' },
                  body: {},
                  differences: { type: 'array', items: { type: 'string' } },
                },
              },
            },
          },
        },
        Coverage: {
          type: 'object',
          required: ['operations', 'uncovered'],
          properties: {
            operations: {
              type: 'array',
              items: {
                type: 'object',
                required: ['operationId', 'method', 'path', 'responses'],
                properties: {
                  operationId: { type: 'string' },
                  method: { type: 'string' },
                  path: { type: 'string' },
                  responses: { type: 'object', additionalProperties: { type: 'integer' } },
                },
              },
            },
            uncovered: {
              type: 'array',
              items: {
                type: 'object',
                required: ['operationId', 'status'],
                properties: {
                  operationId: { type: 'string' },
                  method: { type: 'string' },
                  path: { type: 'string' },
                  status: { type: 'string' },
                },
              },
            },
          },
        },
      },
    },
  };
}
