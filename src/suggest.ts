// "Did you mean ...?": the one place that picks the names closest to a mistyped one (a flag, a
// config key, a rule id) and words the hint.

/** Levenshtein distance, letters compared without regard to case. */
function editDistance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  const row = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    let diag = row[0];
    row[0] = i;
    for (let j = 1; j <= y.length; j++) {
      const up = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diag + (x[i - 1] === y[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return row[y.length];
}

/**
 * The known names closest to `given`, nearest first (ties in the order given): a name that holds
 * it or is held in it (three letters at least), else one within `within` edits (by default a
 * third of its length, two at least). Empty when nothing is that close.
 */
export function nearest(given: string, known: readonly string[], max = 3, within = Math.max(2, Math.floor(given.length / 3))): string[] {
  const g = given.toLowerCase();
  const holds = (a: string, b: string) => b.length >= 3 && a.includes(b);
  return known
    .map((name, i) => {
      const n = name.toLowerCase();
      return { name, i, d: holds(n, g) || holds(g, n) ? 0 : editDistance(given, name) };
    })
    .filter((c) => c.d <= within)
    .sort((a, b) => a.d - b.d || a.i - b.i)
    .slice(0, max)
    .map((c) => c.name);
}

/** `did you mean a?`, `did you mean a or b?`, `did you mean a, b or c?`; undefined for none. */
export function didYouMean(names: readonly string[]): string | undefined {
  if (!names.length) return undefined;
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : names[0];
  return `did you mean ${list}?`;
}
