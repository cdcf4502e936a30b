import { bodyText, toHarEntry, urlOf } from '../../interactions/har-entry.ts';
import type { Entry } from './entry.ts';

// Headers the HTTP client sets by itself, or that the journal redacted: a copied command that
// replays them would send a wrong length or a token that reads "Bearer".
const skippedHeaders = new Set(['host', 'content-length', 'connection', 'transfer-encoding']);

const shellQuote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * The request as a curl command. The journal keeps only the scheme of `Authorization`, so the
 * command carries `<token>` for the credential.
 *
 * @example
 * toCurl(entry); // curl -X POST 'http://localhost:4010/plants' -H 'content-type: application/json' --data-raw '{"id":1}'
 */
export function toCurl(entry: Entry): string {
  const parts = ['curl', '-X', entry.request.method, shellQuote(urlOf(entry))];
  for (const [name, value] of Object.entries(entry.request.headers)) {
    if (skippedHeaders.has(name)) continue;
    const shown = name === 'authorization' && !value.includes(' ') ? `${value} <token>` : value;
    parts.push('-H', shellQuote(`${name}: ${shown}`));
  }
  const body = bodyText(entry.request.body);
  if (body !== undefined) parts.push('--data-raw', shellQuote(body));
  return parts.join(' ');
}

/**
 * The request pattern that matches this request, as a test passes it to `verify` (method, path
 * and the body when there is one).
 */
export function toVerifyPattern(entry: Entry): string {
  const pattern: Record<string, unknown> = {
    method: entry.request.method,
    path: entry.request.path,
  };
  const { body } = entry.request;
  if (body !== null && body !== undefined && typeof body !== 'string') {
    pattern.body = { equalTo: body };
  }
  return JSON.stringify(pattern, null, 2);
}

const utf8Length = (text: string): number => new TextEncoder().encode(text).length;

/**
 * The interaction as a HAR 1.2 log of one entry, as GET /__admin/requests.har writes each.
 *
 * @example
 * JSON.parse(toHar(entry, '0.1.0')).log.entries.length; // 1
 */
export function toHar(entry: Entry, version: string): string {
  const harEntry = toHarEntry(entry, utf8Length);
  const log = {
    log: {
      version: '1.2',
      creator: { name: 'plant-store-mock', version },
      entries: [harEntry],
    },
  };
  return JSON.stringify(log, null, 2);
}

/**
 * Text with its control characters made visible (U+2400 pictures; tab and line feed kept), so
 * that a body of binary junk shows as what it is rather than breaking the layout.
 *
 * @example
 * visibleText('a\u0000b'); // 'a␀b'
 */
export function visibleText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, (c) =>
    c === '\u007f' ? '\u2421' : String.fromCharCode(0x2400 + c.charCodeAt(0)),
  );
}
