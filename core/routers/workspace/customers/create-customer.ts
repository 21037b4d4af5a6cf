import { randomUUID } from 'node:crypto';
import { Customer } from '../../../../orm/entities/field-service/customer.ts';
import { CustomerTag } from '../../../../orm/entities/field-service/customer-tag.ts';
import { loadCustomer } from '../../../services/workspace/customers/customer-detail.ts';
import { customerWithEmail, duplicateEmail, isEmailUniqueViolation } from '../../../services/workspace/customers/email-conflict.ts';
import { tagIdsFor } from '../../../services/workspace/customers/tag-ids.ts';
import { recordOutboxEvent } from '../../../services/workspace/outbox.ts';
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
      return await ctx.em.transactional(async (em) => {
        if (email) {
          const existing = await customerWithEmail(em, ctx.businessId, email);
          if (existing) throw duplicateEmail(email, existing);
        }
        const customer = em.create(Customer, {
          id: randomUUID(),
          businessId: ctx.businessId,
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
          createdAt: now,
          updatedAt: now,
        });
        // Entities declare no relations, so the unit of work cannot order inserts: the customer is flushed before its tags.
        await em.flush();
        const tagIds = await tagIdsFor(em, ctx.businessId, input.tags ?? [], now);
        for (const tagId of tagIds) em.create(CustomerTag, { businessId: ctx.businessId, customerId: customer.id, tagId });
        await em.flush();
        // The answer and the event carry the same record, read back inside the transaction.
        const record = await loadCustomer(em, ctx.businessId, customer.id, now);
        recordOutboxEvent(em, { businessId: ctx.businessId, eventType: 'customer.created', aggregateType: 'customer', aggregateId: customer.id, payload: record, occurredAt: now });
        await em.flush();
        return record;
      });
    } catch (error) {
      // Two creations with one e-mail racing past the check: the unique index decides, and the loser gets the same conflict.
      if (email && isEmailUniqueViolation(error)) throw duplicateEmail(email, await customerWithEmail(ctx.em, ctx.businessId, email));
      throw error;
    }
  });
