/** json-schema-faker settings a contract may declare in its root `x-json-schema-faker`. */
export interface FakerSettings {
  optionalsProbability?: number;
  alwaysFakeOptionals?: boolean;
  useDefaultValue?: boolean;
  useExamplesValue?: boolean;
  fillProperties?: boolean;
  resolveJsonPath?: boolean;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
}

const booleans = [
  'alwaysFakeOptionals',
  'useDefaultValue',
  'useExamplesValue',
  'fillProperties',
  'resolveJsonPath',
] as const;
const counts = ['minItems', 'maxItems', 'minLength', 'maxLength'] as const;

/**
 * The faker settings the document declares in `x-json-schema-faker` (the extension Prism reads),
 * those json-schema-faker knows and with a value of the right type; others are left out, so a
 * contract cannot make the mock fail or hang (counts are capped at 1000).
 *
 * @example
 * fakerSettingsOf({ 'x-json-schema-faker': { minItems: 3, useDefaultValue: true, bogus: 1 } });
 * // { useDefaultValue: true, minItems: 3 }
 */
export function fakerSettingsOf(document: object): FakerSettings {
  const declared = (document as { 'x-json-schema-faker'?: unknown })['x-json-schema-faker'];
  if (declared === null || typeof declared !== 'object') return {};
  const given = declared as Record<string, unknown>;
  const settings: FakerSettings = {};
  for (const name of booleans) {
    if (typeof given[name] === 'boolean') settings[name] = given[name];
  }
  for (const name of counts) {
    const value = given[name];
    if (Number.isInteger(value) && (value as number) >= 0) {
      settings[name] = Math.min(value as number, 1000);
    }
  }
  const probability = given.optionalsProbability;
  if (typeof probability === 'number' && probability >= 0 && probability <= 1) {
    settings.optionalsProbability = probability;
  }
  return settings;
}
