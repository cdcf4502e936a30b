import type { ContractOperation } from '../../contract/contract-operation.ts';
import { HttpError } from '../../errors.ts';
import { answerRefusal } from '../../responders/error-answer.ts';
import { parseControls, type MockControls } from '../../responders/parse-controls.ts';
import type { Stub } from '../../responders/stubs/stub.ts';
import {
  answered,
  type AnsweredRequest,
  type ParsedRequest,
  type PipelineDeps,
} from '../request-states.ts';

/** Reads the mock controls (`Prefer`, `__` query parameters); unreadable ones get a 400. */
export function readControls<
  Request extends ParsedRequest<ContractOperation | undefined> & { stub?: Stub },
>(request: Request, deps: PipelineDeps): (Request & { controls: MockControls }) | AnsweredRequest {
  const { headers, query } = request.arrival;
  try {
    // Node joins a repeated Prefer header into one string.
    const controls = parseControls(headers.prefer as string | undefined, query);
    if (controls.delayMs !== undefined && controls.delayMs > deps.maxDelay) {
      throw new HttpError(
        'INVALID_CONTROL',
        `Failed to read the mock controls: delay=${controls.delayMs} is over --max-delay (${deps.maxDelay} ms). Make sure to ask for a shorter delay.`,
      );
    }
    return { ...request, controls };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return answered(request, answerRefusal(request.operation, error));
  }
}
