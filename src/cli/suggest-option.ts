/**
 * The known option nearest to a mistyped one, or undefined when none is close: at most two edits
 * (one for names of three letters or fewer), so `--prot` suggests `--port` but `--colour` nothing.
 * yargs recommends commands only (`recommendCommands()`), not options.
 *
 * @example
 * suggestOption('prot', ['port', 'host', 'mode']); // 'port'
 */
export function suggestOption(typed: string, known: readonly string[]): string | undefined {
  const limit = typed.length <= 3 ? 1 : 2;
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const name of known) {
    const distance = editDistance(typed.toLowerCase(), name.toLowerCase());
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}

/** Levenshtein distance, a transposition counting as one edit (`prot` is one from `port`). */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = rows[i] as number[];
      const above = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let distance = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        distance = Math.min(distance, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = distance;
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}
