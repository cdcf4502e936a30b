import type { ContractOperation } from '../contract/contract-operation.ts';
import { mediaTypeEssence } from '../parsing/media-type-essence.ts';
import { responseForStatus } from '../parsing/response-for-status.ts';
import { bodyMatchingRules } from './body-matching-rules.ts';
import { escapeRegex, regexRule, responseHeadersOf } from './header-rules.ts';
import { isJsonType, schemaOf } from './operation-schemas.ts';
import type { JournalEntry } from './left-out.ts';
import type {
  PactMatchingRules,
  PactRule,
  PactV4Body,
  PactV4Interaction,
} from './pact-document.ts';
import { duplicateIdState } from './provider-state.ts';
import { requestShape, shapeKey } from './request-shape.ts';

/** Prism's model of an operation, as the contract folder hands it out. */
type IHttpOperation = ContractOperation['resource'];

const names: Record<string, string> = {
  accept: 'Accept',
  authorization: 'Authorization',
  'content-type': 'Content-Type',
};

/**
 * One answered, accepted journal entry as a Pact V4 interaction (`withRules`), before the pact
 * names it: the request's method, path, query, the headers that matter to the provider (content
 * type, accept, credentials with their secret left out, the operation's declared headers) and
 * body, the answer that was sent, and matching rules from the operation's schemas. `operation` is
 * undefined for a stub outside the contract. Entries of one `shape` (see requestShape) make one
 * interaction; `baseDescription` is made unique across the pact when it is written. `order`, a
 * text without the costly parts (matching rules, the key), sorts two entries of one shape as their
 * interactions' JSON sorts (the rules come after the values they are made of, and the rest is alike
 * within a shape), so a reset keeps the entry a pact would keep while building one interaction per
 * shape.
 *
 * @example
 * toPactInteraction(entry, contract.operations[0]).baseDescription; // 'createPlant returns 200'
 * toPactInteraction(entry, contract.operations[0]).withRules(); // { type: 'Synchronous/HTTP', ... }
 */
export function toPactInteraction(entry: JournalEntry, operation: ContractOperation | undefined) {
  const { request, response } = entry;
  const resource = operation?.resource;
  // The operation's header parameters, and the headers its API keys travel in.
  const declared = new Map(
    (resource?.request?.headers ?? []).map((header) => [header.name.toLowerCase(), header.name]),
  );
  for (const scheme of operation?.security.flat() ?? []) {
    if (scheme.kind === 'apiKey' && scheme.in === 'header') {
      declared.set(scheme.key.toLowerCase(), scheme.key);
    }
  }
  const requestHeaders: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    const keep = names[name] ?? declared.get(name);
    if (keep === undefined || (name === 'content-type' && request.body === null)) continue;
    requestHeaders[keep] = [name === 'authorization' ? placeholderCredentials(value) : value];
  }
  // `__` parameters are the mock's own controls, nothing the provider knows.
  const query = Object.entries(request.query)
    .filter(([name]) => !name.startsWith('__'))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const requestType = mediaTypeEssence(request.headers['content-type'] ?? '');
  const responseType = mediaTypeEssence(response.headers['content-type'] ?? '');
  const responseHeaders = responseHeadersOf(
    response.headers,
    resource,
    response.status,
    responseType,
  );
  const responseSchema = schemaOf(
    responseForStatus(resource?.responses ?? [], response.status)?.contents,
    responseType,
  );
  const duplicate = duplicateIdState(entry);
  // A body the contract gives no schema for is nothing the provider promised: the pact leaves
  // it open rather than pin what the mock happened to send (PactFlow's check refuses it too).
  const responseBody =
    operation !== undefined && responseSchema === undefined
      ? null
      : (duplicate?.body ?? response.body);
  const operationName =
    operation === undefined ? `${request.method} ${request.path}` : pactOperationName(operation);
  const shape = requestShape({
    operation: operationName,
    method: request.method,
    status: response.status,
    query: query.map(([name]) => name),
    headers: Object.keys(requestHeaders),
    body: request.body,
  });
  const baseDescription = `${operationName} returns ${response.status}${operation === undefined ? ' (a stub outside the contract)' : ''}`;
  const providerStates = [{ name: duplicate?.state ?? baseDescription }];
  const pactRequest = {
    method: request.method,
    path: request.path,
    ...(query.length > 0 && {
      query: Object.fromEntries(
        query.map(([name, value]) => [name, Array.isArray(value) ? value : [value]]),
      ),
    }),
    ...nonEmpty('headers', requestHeaders),
    ...bodyOf(request.body, requestType),
  };
  const pactResponse = {
    status: response.status,
    ...nonEmpty('headers', responseHeaders.kept),
    ...bodyOf(responseBody, responseType),
  };
  return {
    shape,
    baseDescription,
    order: (): string => JSON.stringify([providerStates, pactRequest, pactResponse]),
    withRules: (): PactV4Interaction => {
      const requestRules = rulesOf(
        request.body,
        requestType,
        schemaOf(resource?.request?.body?.contents, requestType),
        resource,
      );
      if (operation !== undefined && operation.path.includes('{')) {
        requestRules.path = regexRule(pathPattern(operation.path));
      }
      const responseRules = rulesOf(responseBody, responseType, responseSchema, resource);
      const { rules } = responseHeaders;
      if (Object.keys(rules).length > 0) responseRules.header = rules;
      return {
        type: 'Synchronous/HTTP',
        key: shapeKey(shape),
        description: baseDescription,
        pending: false,
        providerStates,
        request: { ...pactRequest, ...nonEmpty('matchingRules', requestRules) },
        response: { ...pactResponse, ...nonEmpty('matchingRules', responseRules) },
      };
    },
  };
}

// A Postman collection names no operation: Prism gives each a random id at every load, which
// would change the pact's names and keys from run to run. Its method and path template stay.
const generatedId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The name of an operation in a pact: its operationId, or `METHOD /path/{template}` when the
 * document gives it none that stays the same from one load to the next.
 *
 * @example
 * pactOperationName(operation); // 'createPlant', or 'GET /seeds' for a Postman request
 */
export function pactOperationName(operation: ContractOperation): string {
  return generatedId.test(operation.operationId)
    ? `${operation.method} ${operation.path}`
    : operation.operationId;
}

/**
 * The journal keeps only a credential's scheme: the pact carries a placeholder of the right form
 * (Basic: base64 of `redacted:redacted`), which a provider's verification replaces with its own.
 */
function placeholderCredentials(recorded: string): string {
  const scheme = recorded.split(' ')[0] ?? recorded;
  return scheme.toLowerCase() === 'basic'
    ? `${scheme} cmVkYWN0ZWQ6cmVkYWN0ZWQ=`
    : `${scheme} [redacted]`;
}

function rulesOf(
  body: unknown,
  type: string,
  schema: unknown,
  resource: IHttpOperation | undefined,
): PactMatchingRules {
  if (body === null || !isJsonType(type)) return {};
  const rules: Record<string, PactRule> = bodyMatchingRules(body, schema, resource);
  return Object.keys(rules).length === 0 ? {} : { body: rules };
}

function bodyOf(body: unknown, type: string): { body?: PactV4Body } {
  if (body === null) return {};
  const contentType =
    type === '' ? (typeof body === 'string' ? 'text/plain' : 'application/json') : type;
  return { body: { content: body, contentType, encoded: false } };
}

function nonEmpty<K extends string, V extends object>(key: K, value: V): Partial<Record<K, V>> {
  return Object.keys(value).length === 0 ? {} : ({ [key]: value } as Record<K, V>);
}

// `/plants/{id}` matches `^/plants/[^/]+$`.
function pathPattern(template: string): string {
  const pattern = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : escapeRegex(part)))
    .join('');
  return `^${pattern}/?$`;
}
