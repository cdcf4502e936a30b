import { mediaTypeEssence } from '../parsing/media-type-essence.ts';

// Requests and answers carry a handful of distinct media types, and each is looked at several
// times per request: remember what the first few hundred seen are.
interface MediaTypeFacts {
  essence: string;
  /** The essence's type and subtype, as its halves around the first `/`. */
  type: string;
  subtype: string | undefined;
  json: boolean;
  xml: boolean;
}
const remembered = new Map<string, MediaTypeFacts>();
const maxRemembered = 256;

function factsOf(mediaType: string): MediaTypeFacts {
  const known = remembered.get(mediaType);
  if (known !== undefined) return known;
  const essence = mediaTypeEssence(mediaType);
  const [type = '', subtype] = essence.split('/');
  const facts = {
    essence,
    type,
    subtype,
    json: /^application\/([\w.+-]*\+)?json$/.test(essence),
    xml: /^application\/([\w.+-]*\+)?xml$/.test(essence),
  };
  if (remembered.size < maxRemembered) remembered.set(mediaType, facts);
  return facts;
}

/** A media type without its parameters, lower-case: `application/json; charset=utf-8` → `application/json`. */
export function essenceOf(mediaType: string): string {
  return factsOf(mediaType).essence;
}

// RFC 9110's `type "/" subtype`, each a token; `*` is a token character, so wildcards pass.
const wellFormed = /^[!#$%&'*+.^_`|~0-9a-z-]+\/[!#$%&'*+.^_`|~0-9a-z-]+$/;

/**
 * Whether a media type has the form `type/subtype` (parameters aside), as the content-type
 * parser of Prism's validator requires of every media type a contract declares.
 *
 * @example
 * isWellFormedMediaType('application/json; charset=utf-8'); // true
 * isWellFormedMediaType('json'); // false
 */
export function isWellFormedMediaType(mediaType: string): boolean {
  return wellFormed.test(factsOf(mediaType).essence);
}

/**
 * Whether a media type is JSON: `application/json` or any `application/*+json`.
 *
 * @example
 * isJsonMediaType('application/problem+json; charset=utf-8'); // true
 */
export function isJsonMediaType(mediaType: string): boolean {
  return factsOf(mediaType).json;
}

/**
 * Whether a media type is XML as Prism serializes it: `application/xml` or any `application/*+xml`.
 *
 * @example
 * isXmlMediaType('application/atom+xml'); // true
 */
export function isXmlMediaType(mediaType: string): boolean {
  return factsOf(mediaType).xml;
}

/**
 * Whether an actual media type is one a declared one (which may use `*` wildcards) allows.
 *
 * @example
 * mediaTypeMatches('application/json; charset=utf-8', 'application/*'); // true
 */
export function mediaTypeMatches(actual: string, declared: string): boolean {
  const { type, subtype } = factsOf(declared);
  const theirs = factsOf(actual);
  return (type === '*' || type === theirs.type) && (subtype === '*' || subtype === theirs.subtype);
}

/**
 * The `charset` parameter of a media type, lower-case and unquoted; undefined when it has none.
 *
 * @example
 * charsetOf('application/json; charset="UTF-8"'); // 'utf-8'
 */
export function charsetOf(mediaType: string): string | undefined {
  // Most requests carry no parameter at all: no need to look further.
  if (!mediaType.includes(';')) return undefined;
  for (const parameter of mediaType.split(';').slice(1)) {
    const equals = parameter.indexOf('=');
    if (equals === -1 || parameter.slice(0, equals).trim().toLowerCase() !== 'charset') continue;
    const value = parameter.slice(equals + 1).trim();
    return (
      value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value
    ).toLowerCase();
  }
  return undefined;
}
