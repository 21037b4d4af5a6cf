/** A half-open stretch of time [start, end) in epoch milliseconds: the unit of all schedule arithmetic. */
export interface Span {
  start: number;
  end: number;
}

/** Sorted, with overlapping or touching spans merged, so each instant is counted once. */
export function unionSpans(spans: readonly Span[]): Span[] {
  const sorted = spans.filter((span) => span.end > span.start).sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: Span[] = [];
  for (const span of sorted) {
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ start: span.start, end: span.end });
  }
  return merged;
}

/** The parts of `from` not covered by any span of `remove`. */
export function subtractSpans(from: readonly Span[], remove: readonly Span[]): Span[] {
  const holes = unionSpans(remove);
  const result: Span[] = [];
  for (const span of unionSpans(from)) {
    let cursor = span.start;
    for (const hole of holes) {
      if (hole.end <= cursor || hole.start >= span.end) continue;
      if (hole.start > cursor) result.push({ start: cursor, end: hole.start });
      cursor = Math.max(cursor, hole.end);
    }
    if (cursor < span.end) result.push({ start: cursor, end: span.end });
  }
  return result;
}

/** The instants covered by both sets. */
export function intersectSpans(a: readonly Span[], b: readonly Span[]): Span[] {
  const result: Span[] = [];
  for (const x of unionSpans(a)) {
    for (const y of unionSpans(b)) {
      const start = Math.max(x.start, y.start);
      const end = Math.min(x.end, y.end);
      if (end > start) result.push({ start, end });
    }
  }
  return unionSpans(result);
}

/** Whole minutes covered by the set, overlaps counted once. */
export function spanMinutes(spans: readonly Span[]): number {
  const ms = unionSpans(spans).reduce((sum, span) => sum + (span.end - span.start), 0);
  return Math.round(ms / 60_000);
}
