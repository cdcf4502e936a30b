/** What `promise` rejects with; throws unless it rejects with an instance of `type`. */
export async function rejectionOf<E extends Error>(
  promise: Promise<unknown>,
  type: abstract new (...args: never[]) => E,
): Promise<E> {
  const outcome = await promise.then(
    (value: unknown) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if ('value' in outcome) throw new Error(`Expected a rejection, got ${JSON.stringify(outcome)}`);
  if (!(outcome.error instanceof type)) {
    throw new Error(`Expected a ${type.name}, got ${String(outcome.error)}`, {
      cause: outcome.error,
    });
  }
  return outcome.error;
}
