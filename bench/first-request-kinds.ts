import { request } from 'node:http';
import { validHeaders, validPlantBody } from './request-kinds.ts';

/** One kind of request whose first occurrence bench/first-requests.ts times. */
export interface FirstRequestKind {
  label: string;
  method: string;
  /** The path; the generated contract's reads are `/r{k}/{id}`. */
  path: string;
  headers: Readonly<Record<string, string>>;
  body?: () => string;
  /** Only the generated contract declares it (a path parameter). */
  generatedOnly?: boolean;
}

const json = { 'content-type': 'application/json', accept: 'application/json' };

/** The kinds, each timed in a server of its own so that it is truly the first. */
export const firstRequestKinds: readonly FirstRequestKind[] = [
  {
    label: 'valid create',
    method: 'POST',
    path: '/plants',
    headers: validHeaders,
    body: validPlantBody,
  },
  {
    label: 'invalid create (400)',
    method: 'POST',
    path: '/plants',
    headers: validHeaders,
    body: () => '{"id":"x"}',
  },
  {
    label: 'no token (401)',
    method: 'POST',
    path: '/plants',
    headers: json,
    body: () => '{"id":1,"name":"Monstera"}',
  },
  { label: 'unknown path (404)', method: 'GET', path: '/no-such-path', headers: validHeaders },
  {
    label: 'path parameter',
    method: 'GET',
    path: '/r0/1',
    headers: validHeaders,
    generatedOnly: true,
  },
  { label: 'admin GET /__admin/requests', method: 'GET', path: '/__admin/requests', headers: {} },
];

/** A request's status and how long its answer took (ms), on a connection of its own. */
export function timeRequest(
  url: string,
  kind: FirstRequestKind,
): Promise<{ status: number; ms: number }> {
  const body = kind.body?.();
  const headers =
    body === undefined
      ? kind.headers
      : { ...kind.headers, 'content-length': String(Buffer.byteLength(body)) };
  const sentAt = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}${kind.path}`,
      { method: kind.method, headers, agent: false, timeout: 30_000 },
      (res) => {
        res.resume().once('end', () => {
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - sentAt });
        });
      },
    );
    req.once('timeout', () => req.destroy(new Error(`No answer from ${url}${kind.path}`)));
    req.once('error', reject).end(body);
  });
}
