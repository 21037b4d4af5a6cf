// The SQL half of the name key (name-key.ts has the cursor half).

/**
 * SQL for "the name this cursor resumes after": the carried name, else the current name of the row
 * it ended on (`table` must have business_id, id and name). Binds: name, businessId, id. Should that
 * row be deleted meanwhile, the comparison is null and the list simply ends there.
 */
export function resumeNameSql(table: string): string {
  return `coalesce(?::text, (select r.name from ${table} r where r.business_id = ? and r.id = ?::uuid))`;
}
