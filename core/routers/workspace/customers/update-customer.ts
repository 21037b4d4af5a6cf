import { customerWithEmail } from '../../../services/workspace/customers/customer-with-email.query.ts';
import { duplicateEmail, isEmailUniqueViolation } from '../../../services/workspace/customers/email-conflict.ts';
import {
  updateCustomer as storeCustomerChanges,
  type CustomerChanges,
} from '../../../services/workspace/customers/update-customer.query.ts';
import { workspaceWriteProcedure } from '../../../trpc.ts';
import { ZUpdateCustomerInput, ZUpdateCustomerOutput } from './update-customer.schema.ts';
import type { z } from 'zod';

/** Blank optional text is "clear it", as create-customer stores blank as null. */
const cleared = (value: string | null | undefined): string | null | undefined =>
  value === undefined ? undefined : value ? value : null;

function changesOf(input: z.infer<typeof ZUpdateCustomerInput>): CustomerChanges {
  const address = input.address;
  return {
    name: input.name,
    company_name: cleared(input.company_name),
    email: cleared(input.email),
    phone: cleared(input.phone),
    status: input.status,
    notes: cleared(input.notes),
    tags: input.tags,
    // A given address replaces all of it; null clears all of it.
    ...(address === undefined
      ? {}
      : {
          address_line1: address?.line1 || null,
          address_line2: address?.line2 || null,
          city: address?.city || null,
          region: address?.region || null,
          postal_code: address?.postal_code || null,
          country: address?.country || null,
        }),
  };
}

/**
 * Changes a customer's fields and status (workspace:write; not an agent tool). Emits customer.updated
 * when a field other than the status changed, customer.status_changed when the status did, both in
 * the write's transaction; a change that changes nothing emits nothing.
 */
export const updateCustomer = workspaceWriteProcedure
  .input(ZUpdateCustomerInput)
  .output(ZUpdateCustomerOutput)
  .mutation(async ({ ctx, input }) => {
    const changes = changesOf(input);
    try {
      return await storeCustomerChanges(ctx.em, ctx.businessId, input.customer_id, changes, ctx.clock.now());
    } catch (error) {
      // Two writes taking one e-mail at once: the unique index decides, and the loser gets the same conflict.
      if (changes.email && isEmailUniqueViolation(error))
        throw duplicateEmail(changes.email, await customerWithEmail(ctx.em, ctx.businessId, changes.email));
      throw error;
    }
  });
