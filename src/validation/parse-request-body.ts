import type { ContractOperation } from '../contract/contract-operation.ts';
import { essenceOf, isJsonMediaType, mediaTypeMatches } from '../contract/media-type.ts';
import { nestsDeeperThan, tooDeepMessage } from '../parsing/json-depth.ts';
import { parseJsonBody, type BigInteger } from '../parsing/parse-json-body.ts';
import type { Violation } from '../contract/violation.ts';

export interface ParsedBody {
  /** The parsed JSON, the text of a non-JSON body, or undefined when there is none. */
  body: unknown;
  /** Problems found before the schema is even looked at: content type, encoding, malformed JSON. */
  violations: Violation[];
  /** Integers too large for a JavaScript number, as written: for the int64 check and the store. */
  bigIntegers: BigInteger[];
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * Decodes a raw request body by its content type. Malformed JSON becomes a violation that says
 * where it broke; a content type the operation does not accept becomes one too.
 *
 * @example
 * parseRequestBody(createPlant, 'application/json', Buffer.from('{"id":1')).violations;
 * // [{ location: 'body', message: 'must be valid JSON: Expected ...' }]
 */
export function parseRequestBody(
  operation: ContractOperation | undefined,
  contentType: string | undefined,
  raw: Buffer | undefined,
): ParsedBody {
  if (raw === undefined || raw.length === 0)
    return { body: undefined, violations: [], bigIntegers: [] };
  const mediaType = essenceOf(contentType ?? '');
  const isJson = isJsonMediaType(mediaType);
  const violations: Violation[] = [];
  const accepted = operation?.requestMediaTypes ?? [];
  if (accepted.length === 0 && operation?.statuses.includes(415) === true) {
    // An operation that takes no body but declares 415 says what a body gets (as Prism answers).
    violations.push({
      location: 'header/content-type',
      message: `must be absent: ${operation.operationId} takes no body, got ${mediaType || 'one without a content type'}`,
    });
  } else if (accepted.length > 0 && !accepted.some((type) => mediaTypeMatches(mediaType, type))) {
    violations.push({
      location: 'header/content-type',
      message:
        mediaType === ''
          ? `is missing; the body must be sent as ${accepted.join(' or ')}`
          : `must be ${accepted.join(' or ')}, got ${mediaType}`,
    });
  }
  // The body kept as its text, with what kept it from being read as JSON.
  const asText = (message?: string): ParsedBody => {
    if (message !== undefined) violations.push({ location: 'body', message });
    return { body: raw.toString('utf8'), violations, bigIntegers: [] };
  };
  if (!isJson) return asText();
  // Kept as text: no later stage may walk (or stringify) a value this deep.
  if (nestsDeeperThan(raw)) return asText(tooDeepMessage());
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    return asText('must be UTF-8 encoded JSON; it holds bytes that are not UTF-8');
  }
  try {
    const { value, bigIntegers } = parseJsonBody(text);
    return { body: value, violations, bigIntegers };
  } catch (error) {
    violations.push({
      location: 'body',
      message: `must be valid JSON: ${(error as Error).message}`,
    });
    return { body: text, violations, bigIntegers: [] };
  }
}
