/**
 * The flags of the benches that run alternating load cells: seconds a cell, rounds, connections.
 *
 * @example
 * const { values } = parseArgs({ options: { ...cellFlags('5', '3'), client: { type: 'string' } } });
 * const { seconds, rounds, connections } = cellCounts(values);
 */
export function cellFlags(seconds: string, rounds: string) {
  return {
    seconds: { type: 'string', default: seconds },
    rounds: { type: 'string', default: rounds },
    connections: { type: 'string', default: '10' },
  } as const;
}

/**
 * The cell flags' values as numbers, each held to a range a run on a shared machine can take.
 *
 * @example
 * cellCounts({ seconds: '500', rounds: '2', connections: '10' }); // { seconds: 60, rounds: 2, connections: 10 }
 */
export function cellCounts(values: { seconds: string; rounds: string; connections: string }) {
  const within = (text: string, low: number, high: number): number =>
    Math.min(high, Math.max(low, Number(text)));
  return {
    seconds: within(values.seconds, 1, 60),
    rounds: within(values.rounds, 1, 10),
    connections: within(values.connections, 1, 100),
  };
}
