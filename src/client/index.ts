/**
 * `plant-store-mock/client`: a typed client of the mock's admin API, for consumer tests.
 * Depends on `fetch` only, never on the server.
 *
 * @example
 * import { createMockClient, VerificationError } from 'plant-store-mock/client';
 * const mock = createMockClient({ url: 'http://127.0.0.1:4010', session: 'my-suite' });
 * await mock.verify({ method: 'POST', path: '/plants' }, { exactly: 1 });
 */
export { createMockClient } from './create-mock-client.ts';
export { MockClientError } from './mock-client-error.ts';
export { VerificationError } from './verification-error.ts';
export { describeTimes } from '../interactions/times.ts';
export {
  formatVerification,
  formatNearMisses,
  formatMatches,
  type VerificationFailure,
} from './format-verification.ts';
export type {
  AdminFetch,
  Har,
  MockClient,
  MockClientOptions,
  PactQuery,
  RequestList,
  RequestQuery,
  SessionRecording,
} from './mock-client.ts';
export type { DriftReport, LeftOutExchange, RecordedStub } from '../interactions/recording-of.ts';
export type { CoverageReport } from '../interactions/coverage-report.ts';
export type { Interaction, Verdict } from '../interactions/interaction.ts';
export type { RequestPattern } from '../interactions/request-pattern.ts';
export type { NearMiss, Times, VerifyResult } from '../interactions/verify-requests.ts';
export type { Violation } from '../contract/violation.ts';
export type { Stub, StubDefinition } from '../responders/stubs/stub.ts';
export type { PactResult } from '../pact/build-pact.ts';
export type { LeftOut, LeftOutKind } from '../pact/left-out.ts';
export type { Pact, PactV3, PactV4 } from '../pact/pact-document.ts';
