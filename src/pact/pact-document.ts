/** One matcher of a Pact matching rule (`type`, `integer`, `number`, `regex`). */
export interface PactMatcher {
  match: 'type' | 'integer' | 'number' | 'regex';
  min?: number;
  regex?: string;
}

/** The matchers of one path, all of which must hold. */
export interface PactRule {
  combine: 'AND';
  matchers: PactMatcher[];
}

/** Pact's matching rules of a request or response, by category. */
export interface PactMatchingRules {
  path?: PactRule;
  query?: Record<string, PactRule>;
  header?: Record<string, PactRule>;
  body?: Record<string, PactRule>;
}

/** A body as Pact V4 writes it: the content, not encoded, with its media type. */
export interface PactV4Body {
  content: unknown;
  contentType: string;
  encoded: false;
}

/** One request/response pair of a Pact V4 file. */
export interface PactV4Interaction {
  type: 'Synchronous/HTTP';
  /** Identifies the request shape; stable for the same shape, so merges are deterministic. */
  key: string;
  description: string;
  pending: false;
  providerStates: { name: string }[];
  request: {
    method: string;
    path: string;
    query?: Record<string, string[]>;
    headers?: Record<string, string[]>;
    body?: PactV4Body;
    matchingRules?: PactMatchingRules;
  };
  response: {
    status: number;
    headers?: Record<string, string[]>;
    body?: PactV4Body;
    matchingRules?: PactMatchingRules;
  };
}

/** One request/response pair of a Pact V3 file. */
export interface PactV3Interaction {
  description: string;
  providerStates: { name: string }[];
  request: {
    method: string;
    path: string;
    query?: Record<string, string[]>;
    headers?: Record<string, string>;
    body?: unknown;
    matchingRules?: PactMatchingRules;
  };
  response: {
    status: number;
    headers?: Record<string, string>;
    body?: unknown;
    matchingRules?: PactMatchingRules;
  };
}

/** A Pact specification V4 file. */
export interface PactV4 {
  consumer: { name: string };
  provider: { name: string };
  interactions: PactV4Interaction[];
  metadata: { pactSpecification: { version: '4.0' } };
}

/** A Pact specification V3 file. */
export interface PactV3 {
  consumer: { name: string };
  provider: { name: string };
  interactions: PactV3Interaction[];
  metadata: { pactSpecification: { version: '3.0.0' } };
}

export type Pact = PactV4 | PactV3;

/** The Pact specification versions the mock writes. */
export const pactSpecs = [4, 3] as const;
export type PactSpec = (typeof pactSpecs)[number];
