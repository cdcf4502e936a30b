/**
 * The response a contract declares for a status: the exact code, else its range (`2XX`, any
 * case), else `default`. The mock's answers and the pact read a contract alike through it.
 *
 * @example
 * responseForStatus([{ code: '2XX' }, { code: 'default' }], 201)?.code; // '2XX'
 */
export function responseForStatus<R extends { readonly code: string }>(
  responses: readonly R[],
  status: number,
): R | undefined {
  const code = String(status);
  return (
    responses.find((r) => r.code === code) ??
    responses.find((r) => r.code.toUpperCase() === `${code.charAt(0)}XX`) ??
    responses.find((r) => r.code === 'default')
  );
}
