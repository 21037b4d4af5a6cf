import { randomUUID } from 'node:crypto';
import { Customer } from '../../../../orm/entities/field-service/customer.ts';
import { CustomerTag } from '../../../../orm/entities/field-service/customer-tag.ts';
import { AppError } from '../../../errors/index.ts';
import { runQuery } from '../../../services/sql/query.ts';
import { loadCustomer } from '../../../services/workspace/customers/customer-detail.ts';
import { tagIdsFor } from '../../../services/workspace/customers/tags.ts';
import { recordOutboxEvent } from '../../../services/workspace/outbox.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZCreateCustomerInput, ZCreateCustomerOutput } from './create-customer.schema.ts';

function duplicateEmail(email: string, existingId: string | undefined): AppError {
  const which = existingId ? ` (customer ${existingId})` : '';
  return new AppError('CONFLICT', `A customer with the e-mail address ${email} already exists in this business${which}.`, {
    details: [{ parameter: 'email', code: 'duplicate', message: 'already used by another customer of this business', path: ['email'], ...(existingId ? { customer_id: existingId } : {}) }],
  });
}

function isEmailUniqueViolation(error: unknown): boolean {
  const candidate = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = candidate.code === '23505' ? candidate : candidate.cause;
  return pg?.code === '23505' && pg.constraint === 'customers_email_unique';
}

export const createCustomer = tenantProcedure
  .meta({
    tool: {
      name: 'create-customer',
      title: 'Create customer',
      access: 'customers:write',
      description:
        'Creates a customer of the business (name required; company, e-mail, phone, billing address, tags and notes optional) and answers the stored record. ' +
        'An e-mail already used by another customer of the business is a conflict: search-customers first to avoid duplicates. Needs the mcp:customers:write scope.',
    },
  })
  .input(ZCreateCustomerInput)
  .output(ZCreateCustomerOutput)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.clock.now();
    const id = await ctx.em
      .transactional(async (em) => {
        if (input.email) {
          const [existing] = await runQuery<{ id: string }>(em, {
            sql: 'select id from customers where business_id = ? and lower(email) = lower(?)',
            params: [ctx.businessId, input.email],
          });
          if (existing) throw duplicateEmail(input.email, existing.id);
        }
        // Ids are set here, not by the entity's onCreate hook (which runs only at flush), because the tags reference it first.
        const customer = em.create(Customer, {
          id: randomUUID(),
          businessId: ctx.businessId,
          name: input.name,
          companyName: input.company_name ?? null,
          email: input.email ?? null,
          phone: input.phone ?? null,
          status: input.status,
          addressLine1: input.address?.line1 ?? null,
          addressLine2: input.address?.line2 ?? null,
          city: input.address?.city ?? null,
          region: input.address?.region ?? null,
          postalCode: input.address?.postal_code ?? null,
          country: input.address?.country ?? null,
          notes: input.notes ?? null,
          createdAt: now,
          updatedAt: now,
        });
        const tagIds = await tagIdsFor(em, ctx.businessId, input.tags ?? [], now);
        // Entities declare no relations, so the unit of work cannot order these inserts: parents first, by hand.
        await em.flush();
        for (const tagId of tagIds) em.create(CustomerTag, { businessId: ctx.businessId, customerId: customer.id, tagId });
        await em.flush();
        // The event carries the stored record, read back inside the transaction.
        const record = await loadCustomer(em, ctx.businessId, customer.id, now);
        recordOutboxEvent(em, { businessId: ctx.businessId, eventType: 'customer.created', aggregateType: 'customer', aggregateId: customer.id, payload: record, occurredAt: now });
        await em.flush();
        return customer.id;
      })
      .catch((error: unknown) => {
        // Two creations with one e-mail racing: the unique index decides, and the loser gets the same conflict.
        if (isEmailUniqueViolation(error)) throw duplicateEmail(input.email ?? '', undefined);
        throw error;
      });
    return loadCustomer(ctx.em, ctx.businessId, id, now);
  });
