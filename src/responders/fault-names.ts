/** Ways the mock can fail on purpose, per stub or with `Prefer: fault=NAME`. */
export const faultNames = ['reset', 'empty', 'malformed', 'timeout'] as const;
export type FaultName = (typeof faultNames)[number];

export function isFaultName(value: string): value is FaultName {
  return (faultNames as readonly string[]).includes(value);
}
