/** Names longer than this get no suggestion: the distance table stays small whatever a caller sends. */
const MAX_COMPARED_LENGTH = 64;

/**
 * The edit distance (Levenshtein: insertions, deletions, substitutions) between two short names,
 * or Infinity when it exceeds `limit`. Two rows of at most 65 numbers; a row whose smallest entry
 * is already past the limit ends the comparison early.
 */
function boundedDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return Infinity;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let smallest = i;
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution);
      current.push(value);
      smallest = Math.min(smallest, value);
    }
    if (smallest > limit) return Infinity;
    previous = current;
  }
  return previous[b.length]! <= limit ? previous[b.length]! : Infinity;
}

/**
 * The known name closest to an unknown one, for a "did you mean" (a typo such as `industy` for
 * `industry`, or a case slip such as `perPage` for `per_page`): within a third of the name's length
 * (names shorter than three characters only by case or separators), the nearest first, or undefined. Linear in the number of known names and
 * bounded per comparison (MAX_COMPARED_LENGTH), so an unknown name of any length costs little.
 */
export function closestName(unknown: string, known: Iterable<string>): string | undefined {
  if (unknown.length > MAX_COMPARED_LENGTH) return undefined;
  const folded = unknown.toLowerCase().replaceAll('-', '_');
  // One edit per three characters: a one- or two-letter name (`_`, `q`) is close to everything short.
  const limit = Math.floor(unknown.length / 3);
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    if (name.length > MAX_COMPARED_LENGTH) continue;
    // camelCase and kebab-case spellings of a snake_case name count as one edit.
    const plain = folded.replaceAll('_', '') === name.toLowerCase().replaceAll('_', '');
    const distance = plain ? 0 : boundedDistance(folded, name.toLowerCase(), limit);
    if (distance <= limit && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}
