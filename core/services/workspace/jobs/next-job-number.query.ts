import { runQuery, type SqlSource } from '../../sql/query.ts';

/**
 * The next job number of a business (max + 1) and its currency, inside the caller's transaction.
 * Locking the business row serialises concurrent creations until commit; the number is read by a
 * second statement because under READ COMMITTED each statement takes a fresh snapshot, so it sees
 * the job the previous lock holder committed (one statement that waited would not).
 */
export async function nextJobNumber(em: SqlSource, businessId: string): Promise<{ number: number; currency: string }> {
  await runQuery(em, { sql: 'select id from businesses where id = ? for update', params: [businessId] });
  const [row] = await runQuery<{ currency: string; next_number: number | string }>(em, {
    sql: `select b.currency, coalesce((select max(j.number) from jobs j where j.business_id = b.id), 0) + 1 as next_number
          from businesses b where b.id = ?`,
    params: [businessId],
  });
  return { number: Number(row!.next_number), currency: row!.currency };
}
