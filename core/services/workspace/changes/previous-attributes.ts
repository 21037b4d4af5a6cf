/**
 * The fields among `fields` whose value differs between two records built by the same function
 * (so key order is the same and JSON text compares them), with their values before the change.
 * Empty when nothing among them changed.
 */
export function previousAttributes<Row extends object>(
  before: Row,
  after: Row,
  fields: readonly (keyof Row & string)[],
): Partial<Row> {
  const previous: Partial<Row> = {};
  for (const field of fields) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) previous[field] = before[field];
  }
  return previous;
}
