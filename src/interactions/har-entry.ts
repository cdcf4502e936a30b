import type { Interaction } from './interaction.ts';

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
 * The URL a recorded request was sent to: its Host (else localhost), path and query.
 *
 * @example
 * urlOf(entry); // 'http://127.0.0.1:4010/plants?__code=400'
 */
export function urlOf(entry: Interaction): string {
  const search = new URLSearchParams(queryPairs(entry)).toString();
  const host = entry.request.headers.host ?? 'localhost';
  return `http://${host}${entry.request.path}${search === '' ? '' : `?${search}`}`;
}

/**
 * One interaction as a HAR 1.2 entry: for the admin API's HAR export and the inspector page's
 * "copy as HAR" alike (plain JavaScript, no Node API: `byteLength` measures UTF-8 text as the
 * caller can, Buffer.byteLength on the server, TextEncoder in the browser).
 *
 * @example
 * toHarEntry(entry, (text) => Buffer.byteLength(text)).request.url; // 'http://127.0.0.1:4010/plants'
 */
export function toHarEntry(entry: Interaction, byteLength: (text: string) => number) {
  const requestText = bodyText(entry.request.body);
  const responseText = bodyText(entry.response.body);
  return {
    startedDateTime: entry.receivedAt,
    time: entry.durationMs,
    request: {
      method: entry.request.method,
      url: urlOf(entry),
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: nameValues(entry.request.headers),
      queryString: queryPairs(entry).map(([name, value]) => ({ name, value })),
      ...(requestText === undefined
        ? {}
        : {
            postData: {
              mimeType: entry.request.headers['content-type'] ?? '',
              text: requestText,
            },
          }),
      headersSize: -1,
      bodySize: requestText === undefined ? 0 : byteLength(requestText),
    },
    response: {
      status: entry.response.status,
      statusText: statusTexts[entry.response.status] ?? '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: nameValues(entry.response.headers),
      content: {
        size: responseText === undefined ? 0 : byteLength(responseText),
        mimeType: entry.response.headers['content-type'] ?? '',
        ...(responseText === undefined ? {} : { text: responseText }),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: responseText === undefined ? 0 : byteLength(responseText),
    },
    cache: {},
    timings: { send: 0, wait: entry.durationMs, receive: 0 },
    comment: `session ${entry.session}; ${entry.operationId ?? 'no operation'}; request ${entry.contract.request.valid ? 'valid' : 'invalid'}, response ${entry.contract.response.valid ? 'valid' : 'invalid'}`,
  };
}

/** A recorded body as text: a string as it is, anything else as JSON; undefined for none. */
export function bodyText(body: unknown): string | undefined {
  if (body === null || body === undefined) return undefined;
  return typeof body === 'string' ? body : JSON.stringify(body);
}

// The query as name and value pairs, a repeated parameter once per value.
function queryPairs(entry: Interaction): [string, string][] {
  return Object.entries(entry.request.query).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((each): [string, string] => [name, each]),
  );
}

function nameValues(headers: Record<string, string>) {
  return Object.entries(headers).map(([name, value]) => ({ name, value }));
}
