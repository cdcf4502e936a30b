/** Ways the mock can fail on purpose, per stub or with `Prefer: fault=NAME`. */
export const faultNames = ['reset', 'empty', 'malformed', 'timeout', 'unavailable'] as const;
export type FaultName = (typeof faultNames)[number];

export function isFaultName(value: string): value is FaultName {
  return (faultNames as readonly string[]).includes(value);
}

/** What the journal says about a fault that was applied. */
export interface AppliedFault {
  name: FaultName;
  description: string;
}

const descriptions: Record<FaultName, string> = {
  reset: 'the connection was reset without an answer',
  empty: 'the connection was closed without an answer',
  malformed: 'the answer was 200 with a body that is not valid JSON',
  timeout: 'no answer was sent before the client gave up or --max-delay passed',
  unavailable: 'the answer was 503 Service Unavailable, as from an overloaded or restarting server',
};

/** The fault as the journal records it. */
export const appliedFault = (name: FaultName): AppliedFault => ({
  name,
  description: descriptions[name],
});
