import type { Interaction } from '../interactions/interaction.ts';

const statusTexts: Record<number, string> = {
  0: '',
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  500: 'Internal Server Error',
};

/**
 * The journal as a HAR 1.2 log, oldest first, for browser dev tools and HAR viewers: as pieces
 * of JSON text, one per entry, so that a large journal is neither held as one string nor
 * stringified in one go.
 *
 * @example
 * for await (const piece of harChunks(journal.scan('default'), { name: 'plant-store-mock', version: '0.1.0' })) res.write(piece);
 */
export async function* harChunks(
  entries: AsyncIterable<Interaction>,
  creator: { name: string; version: string },
): AsyncGenerator<string> {
  yield `{"log":{"version":"1.2","creator":${JSON.stringify(creator)},"entries":[`;
  let first = true;
  for await (const entry of entries) {
    yield `${first ? '' : ','}${JSON.stringify(toHarEntry(entry))}`;
    first = false;
  }
  yield ']}}';
}

/** The HAR 1.2 log that harChunks writes. */
export interface Har {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    entries: ReturnType<typeof toHarEntry>[];
  };
}

/** One interaction as a HAR 1.2 entry. */
export function toHarEntry(entry: Interaction) {
  const requestText = bodyText(entry.request.body);
  const responseText = bodyText(entry.response.body);
  const host = entry.request.headers.host ?? 'localhost';
  const query = Object.entries(entry.request.query).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((v) => ({ name, value: v })),
  );
  const search =
    query.length === 0
      ? ''
      : `?${new URLSearchParams(query.map((q): [string, string] => [q.name, q.value])).toString()}`;
  return {
    startedDateTime: entry.receivedAt,
    time: entry.durationMs,
    request: {
      method: entry.request.method,
      url: `http://${host}${entry.request.path}${search}`,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: nameValues(entry.request.headers),
      queryString: query,
      ...(requestText === undefined
        ? {}
        : {
            postData: {
              mimeType: entry.request.headers['content-type'] ?? '',
              text: requestText,
            },
          }),
      headersSize: -1,
      bodySize: requestText === undefined ? 0 : Buffer.byteLength(requestText),
    },
    response: {
      status: entry.response.status,
      statusText: statusTexts[entry.response.status] ?? '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: nameValues(entry.response.headers),
      content: {
        size: responseText === undefined ? 0 : Buffer.byteLength(responseText),
        mimeType: entry.response.headers['content-type'] ?? '',
        ...(responseText === undefined ? {} : { text: responseText }),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: responseText === undefined ? 0 : Buffer.byteLength(responseText),
    },
    cache: {},
    timings: { send: 0, wait: entry.durationMs, receive: 0 },
    comment: `session ${entry.session}; ${entry.operationId ?? 'no operation'}; request ${entry.contract.request.valid ? 'valid' : 'invalid'}, response ${entry.contract.response.valid ? 'valid' : 'invalid'}`,
  };
}

function bodyText(body: unknown): string | undefined {
  if (body === null || body === undefined) return undefined;
  return typeof body === 'string' ? body : JSON.stringify(body);
}

function nameValues(headers: Record<string, string>) {
  return Object.entries(headers).map(([name, value]) => ({ name, value }));
}
