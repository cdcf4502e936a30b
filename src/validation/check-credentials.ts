import type { IncomingHttpHeaders } from 'node:http';
import type { ContractOperation, SecurityScheme } from '../contract/contract-operation.ts';
import * as E from 'fp-ts/lib/Either.js';
import { prismValidator } from '../contract/prism-internals.ts';
import { problemDetails, unauthorizedDetail } from '../contract/problem-details.ts';
import { HttpError, type ProblemDetails } from '../errors.ts';

/**
 * Enforces the operation's security requirements. Bearer tokens must be non-empty and, when
 * `tokens` is given, one of them; basic credentials and API keys must be present.
 *
 * @example
 * checkCredentials(createPlant, { authorization: 'Bearer abc' }, {}, undefined); // passes
 * checkCredentials(createPlant, {}, {}, undefined); // throws HttpError UNAUTHORIZED (401)
 */
export function checkCredentials(
  operation: ContractOperation,
  headers: IncomingHttpHeaders,
  query: Record<string, unknown>,
  tokens: readonly string[] | undefined,
): void {
  if (operation.security.length === 0) return;
  const problems: Problem[] = [];
  for (const alternative of operation.security) {
    const problem = alternative
      .map((scheme) => problemWith(scheme, headers, query, tokens))
      .find((found) => found !== undefined);
    if (problem === undefined) return;
    problems.push(problem);
  }
  const [first = { message: 'Missing credentials.', challenge: 'Bearer' }, ...others] = problems;
  // One challenge per alternative (RFC 9110 lets a 401 list several), so a client that speaks
  // only one of them, say Basic where OAuth2 is the other, learns that it may.
  const challenges = [...new Set([first, ...others].map((p) => p.challenge))];
  const message = [first, ...others.filter((p) => p.message !== first.message)]
    .map((p) => p.message)
    .join(' Or: ');
  const challenge = challenges.join(', ');
  throw new HttpError('UNAUTHORIZED', message, {
    headers: { 'www-authenticate': challenge },
    ...(operation.errorStyle === 'problem'
      ? { problem: unauthorizedProblem(operation, headers, query, challenge) }
      : {}),
  });
}

/**
 * Prism's 401 problem, its challenges (`Basic realm="*"`, `OAuth2`) in a `headers` member the answer
 * sends; where Prism passes what the mock refuses (a token outside `--tokens`), the mock's own.
 */
function unauthorizedProblem(
  operation: ContractOperation,
  headers: IncomingHttpHeaders,
  query: Record<string, unknown>,
  ourChallenge: string,
): ProblemDetails {
  const result = prismValidator().validateSecurity({
    resource: operation.resource,
    element: {
      headers: headers as Record<string, string>,
      url: { path: '', query: query as Record<string, string> },
    },
  });
  const tags = E.isLeft(result) ? result.left.flatMap((d) => d.tags ?? []) : [ourChallenge];
  return problemDetails(
    'UNAUTHORIZED',
    unauthorizedDetail,
    tags.length > 0 ? { headers: { 'WWW-Authenticate': tags.join(',') } } : {},
  );
}

interface Problem {
  message: string;
  challenge: string;
}

const bearerChallenge = 'Bearer realm="plant-store-mock"';
const missingBearer: Problem = {
  challenge: bearerChallenge,
  message: 'Missing credentials: send the header "Authorization: Bearer <token>".',
};

function problemWith(
  scheme: SecurityScheme,
  headers: IncomingHttpHeaders,
  query: Record<string, unknown>,
  tokens: readonly string[] | undefined,
): Problem | undefined {
  const authorization = headers.authorization?.trim() ?? '';
  switch (scheme.kind) {
    case 'bearer': {
      const match = /^Bearer\s+(\S+)$/i.exec(authorization);
      if (authorization === '') return missingBearer;
      if (match?.[1] === undefined) {
        return {
          challenge: bearerChallenge,
          message: 'Malformed credentials: the Authorization header must be "Bearer <token>".',
        };
      }
      if (tokens !== undefined && !tokens.includes(match[1])) {
        return {
          challenge: `${bearerChallenge}, error="invalid_token"`,
          message: 'Invalid credentials: the bearer token is not one of the accepted tokens.',
        };
      }
      return undefined;
    }
    case 'basic':
      return isBasicCredential(authorization)
        ? undefined
        : {
            challenge: 'Basic realm="plant-store-mock"',
            message:
              'Missing credentials: send "Authorization: Basic <credentials>", the credentials being base64 of "user:password".',
          };
    case 'http':
      return hasSchemeCredentials(authorization, scheme.scheme)
        ? undefined
        : {
            challenge: `${capitalized(scheme.scheme)} realm="plant-store-mock"`,
            message: `Missing credentials: send "Authorization: ${capitalized(scheme.scheme)} <credentials>".`,
          };
    case 'apiKey': {
      const present =
        scheme.in === 'header'
          ? (headers[scheme.key.toLowerCase()] ?? '') !== ''
          : scheme.in === 'query'
            ? typeof query[scheme.key] === 'string' && query[scheme.key] !== ''
            : new RegExp(`(?:^|;\\s*)${escape(scheme.key)}=`).test(headers.cookie ?? '');
      return present
        ? undefined
        : {
            challenge: 'ApiKey',
            message: `Missing credentials: send the API key "${scheme.key}" in the ${scheme.in}.`,
          };
    }
    case 'other':
      // OAuth2 and OpenID Connect tokens travel as bearer tokens.
      return /^Bearer\s+\S+$/i.test(authorization) ? undefined : missingBearer;
  }
}

// As Prism checks it: base64 of `user:password`.
function isBasicCredential(authorization: string): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/]+={0,2})$/i.exec(authorization);
  return match?.[1] !== undefined && Buffer.from(match[1], 'base64').toString('utf8').includes(':');
}

// Digest credentials must carry the parameters Prism looks for; other schemes just their name.
function hasSchemeCredentials(authorization: string, scheme: string): boolean {
  const [name = '', ...rest] = authorization.split(' ');
  if (name.toLowerCase() !== scheme.toLowerCase() || rest.length === 0) return false;
  if (scheme.toLowerCase() !== 'digest') return true;
  const info = rest.join('');
  return ['username=', 'realm=', 'nonce=', 'uri=', 'response='].every((p) => info.includes(p));
}

function capitalized(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
