import { chooseResponse } from '../contract/choose-response.ts';
import type { ContractOperation } from '../contract/contract-operation.ts';
import type { EngineResponse } from '../contract/engine-messages.ts';
import { isJsonMediaType } from '../contract/media-type.ts';
import { schemaProperties } from '../contract/schema-properties.ts';
import { isRecord } from '../parsing/is-record.ts';
import { bodyViolations, errorSample } from '../validation/error-samples.ts';
import { jsonHeaders } from './response-mode.ts';

// Fields that carry the status, and those that carry the message, most telling first: an RFC 7807
// `detail` says what went wrong with this request, its `title` only names the kind of problem.
const statusFields = new Set(['error', 'code', 'status', 'statuscode']);
const messageFields = [
  'detail',
  'message',
  'reason',
  'description',
  'error_description',
  'errormessage',
  'error_message',
  'msg',
  'error',
  'title',
];

// The names of the statuses the mock answers itself (RFC 9110), for a sampled `title`.
const statusNames: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  500: 'Internal Server Error',
};

/**
 * The error answer the contract declares for a status, valid against it: its example, else a
 * sample of its schema, with the status in the field that carries one (`status`, a numeric
 * `code` or `error`) and the message in the field that carries it (`detail`, `message`,
 * `reason`, ...: the contract's own names). A field is filled only where the body stays valid
 * (a `maxLength`, a `pattern`, an `enum`); where none takes the message, the example goes as it
 * is. Undefined when the contract declares no content for the status, or content without a body.
 *
 * @example
 * contractErrorAnswer(createTodo, 400, 'body: must have required property title')?.body;
 * // { code: 'string', title: 'Bad Request', status: 400, detail: 'body: must have required property title' }
 */
export function contractErrorAnswer(
  operation: ContractOperation,
  status: number,
  message: string,
): EngineResponse | undefined {
  const declared = errorSample(operation, status);
  if (declared === undefined || declared.response.body === undefined) return undefined;
  const { response } = declared;
  const base = response.body;
  const mediaType = response.mediaType;
  if (mediaType === undefined || !isJsonMediaType(mediaType) || !isRecord(base)) {
    return { ...response, headers: { ...response.headers } };
  }
  const valid = (body: Record<string, unknown>): boolean =>
    bodyViolations(operation, { ...response, body }).length === 0;
  const start = prefilled(operation, status, declared.example === undefined, base, valid);
  const carrier = start.messageFields.find(
    (name) => !start.checked || valid(withField(start.body, name, message)),
  );
  const body = carrier === undefined ? { ...start.body } : withField(start.body, carrier, message);
  const headers = { ...response.headers };
  if (mediaType.toLowerCase() === 'application/json') {
    // Labelled as the mock labels its own JSON errors (the Plant Store's, unchanged).
    return { status, headers: { ...headers, ...jsonHeaders }, body };
  }
  return { status, headers, body, mediaType };
}

// A copy with the field set (a computed key defines it: a field named `__proto__` stays a field).
function withField(body: Record<string, unknown>, name: string, value: unknown) {
  return { ...body, [name]: value };
}

interface Prefilled {
  /** The body with its status fields (and a sampled title) filled. */
  body: Record<string, unknown>;
  /** The fields that may carry the message, most telling first. */
  messageFields: string[];
  /** Whether a filled field must keep the body valid (false where the example breaks it already). */
  checked: boolean;
}

// The status fields and a sampled title do not change from one answer to the next: filled once
// per declared body and status, so that an answer checks only its message.
const prefilledBodies = new WeakMap<object, Map<number, Prefilled>>();

function prefilled(
  operation: ContractOperation,
  status: number,
  sampled: boolean,
  base: Record<string, unknown>,
  valid: (body: Record<string, unknown>) => boolean,
): Prefilled {
  let byStatus = prefilledBodies.get(base);
  if (byStatus === undefined) prefilledBodies.set(base, (byStatus = new Map<number, Prefilled>()));
  let found = byStatus.get(status);
  if (found !== undefined) return found;
  const schema = chooseResponse(operation, status, undefined);
  const names = [...(schemaProperties(schema.ok ? schema.content?.schema : undefined) ?? [])];
  // Where the contract's own example breaks its schema, the fields are filled all the same.
  const checked = valid(base);
  let body: Record<string, unknown> = { ...base };
  const tryField = (name: string, value: unknown): void => {
    const next = withField(body, name, value);
    if (!checked || valid(next)) body = next;
  };
  for (const [name, type] of names) {
    if (statusFields.has(name.toLowerCase()) && (type === 'integer' || type === 'number')) {
      tryField(name, status);
    }
  }
  const textNames = names.filter(([, type]) => type === 'string').map(([name]) => name);
  // A sampled title says `string`: the status's own name says more (unless it carries the message).
  const title = textNames.find((name) => name.toLowerCase() === 'title');
  if (sampled && title !== undefined) tryField(title, statusNames[status] ?? `Error ${status}`);
  const carriers = messageFields
    .map((field) => textNames.find((name) => name.toLowerCase() === field))
    .filter((name) => name !== undefined);
  found = { body, messageFields: carriers, checked };
  byStatus.set(status, found);
  return found;
}
