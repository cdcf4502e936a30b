import type { MaybePromise } from '../../maybe-promise.ts';
import { StubsChanged, type StubsAssumption } from '../../responders/stubs/stub-registry.ts';
import type {
  AnsweredRequest,
  MatchedRequest,
  PipelineDeps,
  SteeredRequest,
} from '../request-states.ts';
import { respond } from './respond.ts';
import { takeStub } from './take-stub.ts';

/**
 * Answers (see respond) on the stubs takeStub found. Where a shared registry only assumed that
 * none matched (see StubsAssumption), the answer stands once that is confirmed, by the write that
 * checked it or by asking the store; when the stubs had changed before the request arrived, the
 * request is decided again from the stub lookup, asking the store this time.
 */
export function respondOnStubs(
  matched: MatchedRequest,
  deps: PipelineDeps,
): MaybePromise<AnsweredRequest> {
  if (matched.stubsAssumed === undefined) return respond(matched, deps);
  return respondOnAssumption(matched, matched.stubsAssumed, deps);
}

async function respondOnAssumption(
  matched: MatchedRequest & SteeredRequest,
  assumed: StubsAssumption,
  deps: PipelineDeps,
): Promise<AnsweredRequest> {
  try {
    const answer = await respond(matched, deps);
    if (assumed.confirmed || (await assumed.holds())) return answer;
  } catch (error) {
    if (!(error instanceof StubsChanged)) throw error;
  }
  return respond(await takeStub(matched, deps, false), deps);
}
