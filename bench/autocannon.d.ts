// The part of autocannon 9's programmatic API the bench uses; the package ships no types.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface RequestParams {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }

  /** Per-connection scratch space, shared by setupRequest and onResponse. */
  export type RequestContext = Record<string, unknown>;

  export interface Request extends RequestParams {
    /** Called before every send; returns the request to send. */
    setupRequest?: (request: RequestParams, context: RequestContext) => RequestParams;
    onResponse?: (
      status: number,
      body: string,
      context: RequestContext,
      headers: Record<string, string | string[]>,
    ) => void;
  }

  export interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Requests to send; wins over duration. */
    amount?: number;
    /** Requests each connection sends before waiting for their answers; 1 when absent. */
    pipelining?: number;
    /** Requests per second over all connections; unlimited when absent. */
    overallRate?: number;
    /** Seconds a response may take before it counts as a timeout. */
    timeout?: number;
    requests?: Request[];
  }

  export interface Histogram {
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p99: number;
    total: number;
  }

  export interface Result {
    /** Connection errors, timeouts included. */
    errors: number;
    timeouts: number;
    non2xx: number;
    mismatches: number;
    /** Seconds. */
    duration: number;
    requests: Histogram;
    latency: Histogram;
    statusCodeStats: Record<string, { count: number }>;
  }

  /** Emits 'response' (client, statusCode, bytes, responseTimeMs) per response; awaits to the result. */
  export interface Instance extends EventEmitter, PromiseLike<Result> {
    stop(): void;
  }

  export default function autocannon(options: Options): Instance;
}
