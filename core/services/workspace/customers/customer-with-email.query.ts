import { runQuery, type SqlSource } from '../../sql/query.ts';

/** The customer of this business already using an e-mail address, compared as customers_email_unique does. */
export async function customerWithEmail(em: SqlSource, businessId: string, email: string): Promise<string | undefined> {
  const [row] = await runQuery<{ id: string }>(em, {
    sql: 'select id from customers where business_id = ? and lower(email) = lower(?) limit 1',
    params: [businessId, email],
  });
  return row?.id;
}
