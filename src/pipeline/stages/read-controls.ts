import { HttpError } from '../../errors.ts';
import { answered, next, type Stage } from '../context.ts';
import { parseControls } from '../../responders/parse-controls.ts';
import { answerRefusal } from '../../responders/error-answer.ts';

/** Reads the mock controls (`Prefer`, `__` query parameters); unreadable ones get a 400. */
export const readControls: Stage = (context, deps) => {
  const { headers, query } = context.arrival;
  try {
    // Node joins a repeated Prefer header into one string.
    const controls = parseControls(headers.prefer as string | undefined, query);
    if (controls.delayMs !== undefined && controls.delayMs > deps.maxDelay) {
      throw new HttpError(
        'INVALID_CONTROL',
        `Failed to read the mock controls: delay=${controls.delayMs} is over --max-delay (${deps.maxDelay} ms). Make sure to ask for a shorter delay.`,
      );
    }
    context.controls = controls;
    return next;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    context.answer = answerRefusal(context.operation, error);
    return answered;
  }
};
