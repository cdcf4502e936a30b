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

/** A request and its answer as a pact writes them: headers and body as its version does. */
interface PactHttp<Headers, Body> {
  request: {
    method: string;
    path: string;
    query?: Record<string, string[]>;
    headers?: Headers;
    body?: Body;
    matchingRules?: PactMatchingRules;
  };
  response: {
    status: number;
    headers?: Headers;
    body?: Body;
    matchingRules?: PactMatchingRules;
  };
}

/** One request/response pair of a Pact V4 file. */
export interface PactV4Interaction extends PactHttp<Record<string, string[]>, PactV4Body> {
  type: 'Synchronous/HTTP';
  /** Identifies the request shape; stable for the same shape, so merges are deterministic. */
  key: string;
  description: string;
  pending: false;
  providerStates: { name: string }[];
}

/** One request/response pair of a Pact V3 file: headers as one string, the body as it is. */
export interface PactV3Interaction extends PactHttp<Record<string, string>, unknown> {
  description: string;
  providerStates: { name: string }[];
}

/** A pact file of one specification version. */
interface PactFile<Interaction, Version extends string> {
  consumer: { name: string };
  provider: { name: string };
  interactions: Interaction[];
  metadata: { pactSpecification: { version: Version } };
}

/** A Pact specification V4 file. */
export type PactV4 = PactFile<PactV4Interaction, '4.0'>;
/** A Pact specification V3 file. */
export type PactV3 = PactFile<PactV3Interaction, '3.0.0'>;
export type Pact = PactV4 | PactV3;

/** The Pact specification versions the mock writes. */
export const pactSpecs = [4, 3] as const;
export type PactSpec = (typeof pactSpecs)[number];
