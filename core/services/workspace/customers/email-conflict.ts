import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../errors/index.ts';
import { runQuery } from '../../sql/query.ts';

/** The customer of this business already using an e-mail address, compared as customers_email_unique does. */
export async function customerWithEmail(em: EntityManager, businessId: string, email: string): Promise<string | undefined> {
  const [row] = await runQuery<{ id: string }>(em, {
    sql: 'select id from customers where business_id = ? and lower(email) = lower(?) limit 1',
    params: [businessId, email],
  });
  return row?.id;
}

export function duplicateEmail(email: string, existingId: string | undefined): AppError {
  const which = existingId ? `: customer ${existingId}` : '';
  return new AppError('CONFLICT', `A customer with the e-mail address ${email} already exists in this business${which}. Use that customer (get-customer) or another e-mail address.`, {
    details: [{ parameter: 'email', code: 'duplicate', message: 'already used by another customer of this business', path: ['email'], ...(existingId ? { customer_id: existingId } : {}) }],
  });
}

/** The unique index on (business_id, lower(email)) refused an insert: a concurrent creation took the address first. */
export function isEmailUniqueViolation(error: unknown): boolean {
  // MikroORM's exceptions copy the driver error's own properties; raw queries throw the driver error itself.
  const candidate = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = candidate.code === '23505' ? candidate : candidate.cause;
  return pg?.code === '23505' && pg.constraint === 'customers_email_unique';
}
