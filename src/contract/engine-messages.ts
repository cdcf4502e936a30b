import type { BigInteger } from '../parsing/parse-json-body.ts';

/** A request as the contract's checks and the responders see it: lower-case headers, parsed body. */
export interface EngineRequest {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  body: unknown;
  /** Integers of the body beyond ±2^53, exactly as sent (the parsed body holds them rounded). */
  bigIntegers?: readonly BigInteger[];
}

/** An answer as a responder makes it, before it is sent. */
export interface EngineResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  /**
   * The media type the contract declares for the body, which labels it on the wire; undefined
   * for the mock's own bodies (errors, stubs), which go out as JSON.
   */
  mediaType?: string;
  /**
   * A provider's answer (`--upstream`) as it came, sent as it is: its bytes (`body` is what the
   * checks read of them) and its cookies, one header each.
   */
  passThrough?: PassedBody;
}

/** The body of a provider's answer, as the transport sends it on. */
export interface PassedBody {
  readonly bytes: Buffer;
  /** The body's text where it is JSON (the journal keeps it as it is). */
  readonly json: string | undefined;
  readonly cookies: readonly string[];
}
