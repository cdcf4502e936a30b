import { isJsonMediaType } from '../../contract/media-type.ts';
import type { ModeAnswer } from '../response-mode.ts';
import { answerHeaders } from './forward-headers.ts';

/**
 * The provider's answer as the mock passes it on: its status, its headers (see answerHeaders)
 * and its body's bytes as they came; the body parsed where it is JSON, as the contract's checks
 * and the journal read it. A body labelled JSON that does not parse is checked as its text.
 *
 * @example
 * readUpstreamAnswer(200, { 'content-type': 'application/json' }, Buffer.from('{"name":"Fern"}')).response.body; // { name: 'Fern' }
 */
export function readUpstreamAnswer(
  status: number,
  rawHeaders: Record<string, string | string[] | undefined>,
  bytes: Buffer,
): ModeAnswer {
  const { headers, cookies } = answerHeaders(rawHeaders);
  const contentType = headers['content-type'];
  let body: unknown;
  let json: string | undefined;
  if (bytes.length > 0) {
    const text = bytes.toString('utf8');
    body = text;
    if (contentType !== undefined && isJsonMediaType(contentType)) {
      try {
        body = JSON.parse(text);
        json = text;
      } catch {
        // Checked, and journaled, as the text it is.
      }
    }
  }
  return {
    response: {
      status,
      headers,
      body,
      ...(contentType === undefined ? {} : { mediaType: contentType }),
      passThrough: { bytes, json, cookies },
    },
    source: 'upstream',
  };
}
