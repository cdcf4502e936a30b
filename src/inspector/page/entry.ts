import type { Interaction, Verdict } from '../../interactions/interaction.ts';

export type { Verdict };

/** A journal entry as GET /__admin/requests and GET /__admin/events give it. */
export interface Entry extends Interaction {
  /** From `GET /__admin/events?fields=summary`: no query, headers or bodies. */
  summary?: boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The entry, when the value has an entry's shape; undefined otherwise. What the server sends is
 * checked, not trusted: a page that breaks on one odd entry would show nothing more.
 */
export function entryOf(value: unknown): Entry | undefined {
  if (!isObject(value)) return undefined;
  const { request, response, contract } = value;
  if (!isObject(request) || !isObject(response) || !isObject(contract)) return undefined;
  if (typeof value.id !== 'string' || typeof value.session !== 'string') return undefined;
  if (typeof request.method !== 'string' || typeof request.path !== 'string') return undefined;
  if (typeof response.status !== 'number') return undefined;
  if (!isObject(contract.request) || !isObject(contract.response)) return undefined;
  return {
    id: value.id,
    receivedAt: typeof value.receivedAt === 'string' ? value.receivedAt : '',
    durationMs: typeof value.durationMs === 'number' ? value.durationMs : 0,
    session: value.session,
    operationId: typeof value.operationId === 'string' ? value.operationId : null,
    request: {
      method: request.method,
      path: request.path,
      query: isObject(request.query) ? (request.query as Entry['request']['query']) : {},
      headers: isObject(request.headers) ? (request.headers as Record<string, string>) : {},
      body: request.body ?? null,
      ...(request.truncated === true ? { truncated: true } : {}),
    },
    response: {
      status: response.status,
      headers: isObject(response.headers) ? (response.headers as Record<string, string>) : {},
      body: response.body ?? null,
      ...(response.truncated === true ? { truncated: true } : {}),
    },
    source: typeof value.source === 'string' ? value.source : '',
    contract: {
      hash: typeof contract.hash === 'string' ? contract.hash : '',
      request: verdictOf(contract.request),
      response: verdictOf(contract.response),
    },
    ...(value.summary === true ? { summary: true } : {}),
  };
}

function verdictOf(value: Record<string, unknown>): Verdict {
  const violations = Array.isArray(value.violations)
    ? value.violations.filter(isObject).map((v) => ({
        location: typeof v.location === 'string' ? v.location : '',
        message: typeof v.message === 'string' ? v.message : JSON.stringify(v.message ?? ''),
      }))
    : [];
  return { valid: value.valid === true, violations };
}
