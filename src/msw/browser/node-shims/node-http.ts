// node:http's header checks, which stub headers are held to: Node's own rules (RFC 9110 tokens;
// values without control characters other than tab).

/**
 * Throws a TypeError where `name` is not a header name.
 *
 * @example
 * validateHeaderName('x-plant'); // passes
 */
export function validateHeaderName(name: string): void {
  if (!/^[\^_`a-zA-Z\-0-9!#$%&'*+.|~]+$/.test(name)) {
    throw new TypeError(`Header name must be a valid HTTP token ["${name}"]`);
  }
}

/**
 * Throws a TypeError where `value` holds a character a header value may not.
 *
 * @example
 * validateHeaderValue('x-plant', 'a\nb'); // throws
 */
export function validateHeaderValue(name: string, value: string): void {
  if (/[^\t\x20-\x7e\x80-\xff]/.test(value)) {
    throw new TypeError(`Invalid character in header content ["${name}"]`);
  }
}
