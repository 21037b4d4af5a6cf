import { customerWithEmail } from '../../../services/workspace/customers/customer-with-email.query.ts';
import { duplicateEmail, isEmailUniqueViolation } from '../../../services/workspace/customers/email-conflict.ts';
import { insertCustomer } from '../../../services/workspace/customers/insert-customer.query.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZCreateCustomerInput, ZCreateCustomerOutput } from './create-customer.schema.ts';

/** Empty optional text is "not given". */
const given = (value: string | null | undefined): string | null => (value ? value : null);

export const createCustomer = tenantProcedure
  .meta({
    tool: {
      name: 'create-customer',
      title: 'Create customer',
      access: 'customers:write',
      toolset: 'customers',
      description:
        'Creates a customer of the business (name required; company, e-mail, phone, billing address, tags, notes and status optional) and answers the stored record, ' +
        'as get-customer shows it. An e-mail already used by another customer of the business (any letter case) is a CONFLICT naming that customer: ' +
        'search-customers first to avoid duplicates. Tags are reused by name or created. Emits the customer.created event. Needs the mcp:customers:write scope.',
    },
  })
  .input(ZCreateCustomerInput)
  .output(ZCreateCustomerOutput)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.clock.now();
    const email = given(input.email);
    try {
      return await insertCustomer(
        ctx.em,
        ctx.businessId,
        {
          name: input.name,
          companyName: given(input.company_name),
          email,
          phone: given(input.phone),
          status: input.status,
          addressLine1: given(input.address?.line1),
          addressLine2: given(input.address?.line2),
          city: given(input.address?.city),
          region: given(input.address?.region),
          postalCode: given(input.address?.postal_code),
          country: given(input.address?.country),
          notes: given(input.notes),
          tags: input.tags ?? [],
        },
        now,
      );
    } catch (error) {
      // Two creations with one e-mail racing past the check: the unique index decides, and the loser gets the same conflict.
      if (email && isEmailUniqueViolation(error))
        throw duplicateEmail(email, await customerWithEmail(ctx.em, ctx.businessId, email));
      throw error;
    }
  });
