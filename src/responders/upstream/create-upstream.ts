import { Agent, interceptors } from 'undici';
import type { ResolvedConfig } from '../../config/config-schema.ts';
import type { ContractOperation } from '../../contract/contract-operation.ts';
import { ConfigError } from '../../errors.ts';
import { answerRefusal } from '../error-answer.ts';
import type { ModeAnswer } from '../response-mode.ts';
import { forwardedHeaders } from './forward-headers.ts';
import { readUpstreamAnswer } from './read-upstream-answer.ts';
import { fallsBack, upstreamFailure } from './upstream-failure.ts';

/** A request as it goes to the provider: what arrived, less the mock's own controls. */
export interface ForwardedRequest {
  readonly method: string;
  /** The path as the client sent it (percent-encoded). */
  readonly path: string;
  readonly query: Readonly<Record<string, string | string[]>>;
  readonly headers: Parameters<typeof forwardedHeaders>[0];
  readonly body: Buffer | undefined;
}

/**
 * The provider as a responder, over one pooled undici Agent: every request goes to the one origin
 * fixed at start, whatever it carries, so the mock is never an open proxy. The provider has
 * --upstream-timeout for the whole answer, which is read whole (the contract's checks need it),
 * at most --max-body bytes, inflated.
 *
 * @example
 * const upstream = createUpstream(new URL('http://127.0.0.1:8080'), config, ['createPlant']);
 * await upstream.answer(operation, { method: 'POST', path: '/plants', query: {}, headers, body });
 */
export function createUpstream(
  /** The provider's origin and base path, fixed at start (see resolveConfig). */
  url: URL,
  config: Pick<
    ResolvedConfig,
    'upstreamTimeout' | 'maxBodyBytes' | 'mockOperations' | 'fallbackOn'
  >,
  /** The contract's operation ids: a `mockOperations` id that names none is a typo. */
  operationIds: readonly string[],
) {
  const { upstreamTimeout: timeoutMs, maxBodyBytes, mockOperations, fallbackOn } = config;
  const unknown = mockOperations.filter((id) => !operationIds.includes(id));
  if (unknown.length > 0) {
    throw new ConfigError(
      `Invalid setting mockOperations (--mock-operations): the contract has no operation ${unknown.join(', ')}. Make sure to use operation ids of the contract: ${operationIds.join(', ')}.`,
    );
  }
  const agent = new Agent({
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connectTimeout: Math.min(timeoutMs, 10_000),
    maxResponseSize: maxBodyBytes,
  });
  const dispatcher = agent.compose(interceptors.decompress({ maxSize: maxBodyBytes }));
  const basePath = url.pathname.replace(/\/+$/, '');
  const name = `${url.origin}${basePath}`;
  const mocked = new Set(mockOperations);
  return {
    /** The provider as messages name it. */
    name,
    /** Whether the operation's requests go to the provider (not in --mock-operations). */
    forwards: (operationId: string): boolean => !mocked.has(operationId),
    /**
     * The provider's answer; a 502 or 504 in the contract's error shape when it fails; undefined
     * where --fallback-on lets the mock answer instead.
     */
    async answer(
      operation: ContractOperation,
      request: ForwardedRequest,
    ): Promise<ModeAnswer | undefined> {
      // The whole exchange, not each wait: a provider that trickles its answer is cut too. A
      // timer cleared at the end, not AbortSignal.timeout's, which lives on for timeoutMs.
      const controller = new AbortController();
      const timer = setTimeout(() => {
        controller.abort(new DOMException('The upstream took too long', 'TimeoutError'));
      }, timeoutMs);
      try {
        const answer = await dispatcher.request({
          origin: url.origin,
          path: `${basePath}${request.path}${searchOf(request.query)}`,
          method: request.method,
          headers: forwardedHeaders(request.headers),
          body: request.body ?? null,
          signal: controller.signal,
        });
        const body = await answer.body.bytes();
        if (fallsBack(fallbackOn, answer.statusCode)) return undefined;
        const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
        return readUpstreamAnswer(answer.statusCode, answer.headers, bytes);
      } catch (error) {
        const failure = upstreamFailure(error, name, timeoutMs, maxBodyBytes);
        if (failure.kind === 'unreachable' && fallsBack(fallbackOn, 'unreachable'))
          return undefined;
        return answerRefusal(operation, failure.error);
      } finally {
        clearTimeout(timer);
      }
    },
    /** Closes the pooled connections. */
    close: (): Promise<void> => agent.close(),
  };
}

/** The real provider behind the mock (`--upstream`): the answer source `upstream`. */
export type Upstream = ReturnType<typeof createUpstream>;

function searchOf(query: Readonly<Record<string, string | string[]>>): string {
  // Most requests have none: no URLSearchParams for them.
  if (Object.keys(query).length === 0) return '';
  const pairs = Object.entries(query).flatMap(([name, value]) =>
    [value].flat().map((item): [string, string] => [name, item]),
  );
  const text = new URLSearchParams(pairs).toString();
  return text === '' ? '' : `?${text}`;
}
