import { AppError } from '../../../errors/index.ts';

/** The CONFLICT for an e-mail address another customer of the business uses (customerWithEmail finds which). */
export function duplicateEmail(email: string, existingId: string | undefined): AppError {
  const which = existingId ? `: customer ${existingId}` : '';
  return new AppError(
    'CONFLICT',
    `A customer with the e-mail address ${email} already exists in this business${which}. Use that customer (get-customer) or another e-mail address.`,
    {
      details: [
        {
          parameter: 'email',
          code: 'duplicate',
          message: 'already used by another customer of this business',
          path: ['email'],
          ...(existingId ? { customer_id: existingId } : {}),
        },
      ],
    },
  );
}

/** The unique index on (business_id, lower(email)) refused an insert: a concurrent creation took the address first. */
export function isEmailUniqueViolation(error: unknown): boolean {
  // MikroORM's exceptions copy the driver error's own properties; raw queries throw the driver error itself.
  const candidate = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = candidate.code === '23505' ? candidate : candidate.cause;
  return pg?.code === '23505' && pg.constraint === 'customers_email_unique';
}
