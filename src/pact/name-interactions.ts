/**
 * The description an interaction has before numbering (see numberedNames):
 * `createPlant returns 200`.
 *
 * @example
 * baseDescription({ description: 'createPlant returns 200 (2)' });
 * // 'createPlant returns 200'
 */
export function baseDescription(interaction: { description: string }): string {
  return interaction.description.replace(/ \(\d+\)$/, '');
}

/**
 * Orders interactions by description then key and numbers shared descriptions (`... (2)`), so that
 * descriptions are unique and stable whatever the order; the provider state is the unnumbered one.
 *
 * @example
 * nameInteractions([b200, a200, a200Other], keyOf).map((i) => i.description);
 * // ['a returns 200 (1)', 'a returns 200 (2)', 'b returns 200']
 */
export function nameInteractions<T extends { description: string }>(
  interactions: readonly T[],
  keyOf: (interaction: T) => string,
): T[] {
  const sorted = [...interactions].sort(
    (a, b) => compare(baseDescription(a), baseDescription(b)) || compare(keyOf(a), keyOf(b)),
  );
  const bases = sorted.map(baseDescription);
  const counts = new Map<string, number>();
  for (const name of bases) counts.set(name, (counts.get(name) ?? 0) + 1);
  const seen = new Map<string, number>();
  return sorted.map((interaction, i) => {
    const name = bases[i] ?? '';
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return { ...interaction, description: (counts.get(name) ?? 0) > 1 ? `${name} (${n})` : name };
  });
}

/**
 * Orders two texts by their UTF-16 code units, as Array.prototype.sort does by default.
 *
 * @example
 * compare('a', 'b'); // -1
 */
export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
