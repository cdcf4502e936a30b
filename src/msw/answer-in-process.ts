import { HttpResponse } from 'msw/http';
import type { ResolvedConfig } from '../config/config-schema.ts';
import { problemMediaType } from '../contract/problem-details.ts';
import { checkCharset } from '../http/check-charset.ts';
import { errorBodyOf, toHttpError } from '../http/handle-errors.ts';
import {
  answerHeaderList,
  encodeAnswerBody,
  headerListJson,
  jsonContentType,
} from '../http/send-answer.ts';
import { malformedBody, unavailableBody } from '../http/apply-fault.ts';
import type { Recorder } from '../observe/record-interactions.ts';
import type { RecordedExchange } from '../pipeline/exchange.ts';
import type { Pipeline } from '../pipeline/run-pipeline.ts';
import { appliedFault } from '../responders/fault-names.ts';
import { sessionOf } from '../sessions/session-of.ts';
import { queryOf } from './query-of.ts';

export interface InProcessLaneDeps {
  config: Pick<ResolvedConfig, 'maxBodyBytes' | 'maxDelay'>;
  decide: Pipeline;
  recorder: Recorder;
  /** Marks the request's session as used (see createSessionTable). */
  touchSession: (session: string) => void;
}

// Every answer carries it on the mock port too: the same headers in the journal and the pact.
const laneHeaders = ['x-content-type-options', 'nosniff'];
const unavailableText = JSON.stringify(unavailableBody);

/**
 * Answers a fetch Request in this process the way the mock port's lane answers on a socket
 * (src/http/mock-lane.ts): the body read (413 past maxBodyBytes, 415 for a charset other than
 * UTF-8), the pipeline's outcome, its delay, then its fault or its answer; an `Error`-shaped
 * answer for what the pipeline refuses. A fault that cuts the connection (reset, empty, and a
 * timeout once it has held the request for what --max-delay leaves) is a network error. The
 * exchange is journaled before the answer is handed back, so a verification right after the
 * request sees it.
 *
 * @example
 * const answer = createInProcessLane({ config, decide, recorder, touchSession });
 * const response = await answer(request, '/plants', '?tag=a');
 */
export function createInProcessLane(deps: InProcessLaneDeps) {
  // `search` is the request URL's query, as the caller has parsed the URL already.
  return async function answerInProcess(
    request: Request,
    path: string,
    search: string,
  ): Promise<Response> {
    const started = performance.now();
    const headers = Object.fromEntries(request.headers);
    const exchange: RecordedExchange = {
      method: request.method,
      path,
      query: queryOf(search),
      headers,
      session: sessionOf(headers),
      body: undefined,
      receivedAt: Date.now(),
      started,
    };
    deps.touchSession(exchange.session);
    const journalId = deps.recorder.nextId();
    try {
      return await respond(deps, exchange, request);
    } catch (error) {
      return refuse(exchange, toHttpError(error, deps.config.maxBodyBytes));
    } finally {
      deps.recorder.record(exchange, journalId);
    }
  };
}

async function respond(
  deps: InProcessLaneDeps,
  exchange: RecordedExchange,
  request: Request,
): Promise<Response> {
  const bytes = request.body === null ? undefined : Buffer.from(await request.arrayBuffer());
  exchange.body = bytes;
  if (bytes !== undefined && bytes.length > deps.config.maxBodyBytes) {
    throw toHttpError({ type: 'entity.too.large' }, deps.config.maxBodyBytes);
  }
  if (bytes !== undefined && bytes.length > 0) checkCharset(exchange.headers['content-type']);
  const outcome = await deps.decide(exchange);
  exchange.outcome = outcome;
  const { delayMs, fault, response } = outcome;
  if (delayMs > 0) await pause(delayMs, request.signal);
  if (fault === undefined) {
    return answer(exchange, response.status, response.headers, response.body, response.mediaType);
  }
  exchange.fault = appliedFault(fault);
  if (fault === 'malformed') {
    return answer(exchange, 200, {}, malformedBody, undefined, malformedBody);
  }
  if (fault === 'unavailable') {
    return answer(exchange, 503, {}, unavailableBody, undefined, unavailableText);
  }
  // A delay already held the request: a timeout holds it only for what --max-delay leaves.
  if (fault === 'timeout') await pause(deps.config.maxDelay - Math.max(0, delayMs), request.signal);
  return HttpResponse.error();
}

function refuse(exchange: RecordedExchange, httpError: ReturnType<typeof toHttpError>): Response {
  exchange.error = httpError;
  const { problem } = httpError;
  return httpError.sendsProblem && problem !== undefined
    ? answer(exchange, problem.status, httpError.headers, problem, problemMediaType)
    : answer(exchange, httpError.status, httpError.headers, errorBodyOf(httpError));
}

// `text` is given for a body already written as text (the `malformed` fault's).
function answer(
  exchange: RecordedExchange,
  status: number,
  headers: Readonly<Record<string, string>>,
  body: unknown,
  mediaType?: string,
  text?: string,
): Response {
  const encoded =
    text === undefined
      ? encodeAnswerBody(body, mediaType)
      : { text, isJson: false, contentType: jsonContentType };
  const { list, withBody } = answerHeaderList(
    status,
    headers,
    encoded.text,
    encoded.contentType,
    laneHeaders,
  );
  exchange.sent = {
    status,
    body,
    json: encoded.isJson ? encoded.text : undefined,
    headersJson: headerListJson(list),
  };
  const pairs: [string, string][] = [];
  for (let i = 0; i < list.length; i += 2) pairs.push([list[i] as string, list[i + 1] as string]);
  return new Response(withBody ? (encoded.text ?? null) : null, { status, headers: pairs });
}

// Resolves after `ms`, or at once when the client gives up on the request.
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted || ms <= 0) {
      resolve();
      return;
    }
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}
