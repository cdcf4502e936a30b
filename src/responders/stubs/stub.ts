import type { FaultName } from '../fault-names.ts';
import type { RequestPattern } from '../../interactions/request-pattern.ts';

/** What a consumer registers with POST /__admin/stubs. */
export interface StubDefinition {
  pattern: RequestPattern;
  response?: {
    status: number;
    /** Exactly one of body, example (a named example of the contract) or dynamic (faked). */
    body?: unknown;
    example?: string;
    dynamic?: boolean;
    headers?: Record<string, string>;
  };
  delayMs?: number;
  fault?: FaultName;
  /** Uses before the stub is spent; unlimited when absent. */
  times?: number;
  /** Lower wins; among equals the newest stub wins. Default 5. */
  priority?: number;
  /** Serve a response the contract does not allow; every such interaction is marked a violation. */
  allowContractViolation?: boolean;
}

/** A registered stub. */
export interface Stub extends StubDefinition {
  id: string;
  session: string;
  createdAt: string;
  /** How often it has answered. */
  uses: number;
  /** Operations the pattern can match; the response was checked against each of them. */
  operationIds: string[];
  /** What the contract says about the response: empty unless allowContractViolation. */
  violations: { location: string; message: string }[];
}
