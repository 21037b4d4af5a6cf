import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Customer } from '../../../../orm/entities/field-service/customer.ts';
import { CustomerTag } from '../../../../orm/entities/field-service/customer-tag.ts';
import { recordOutboxEvent } from '../outbox.query.ts';
import { loadCustomer } from './customer-detail.ts';
import type { CustomerRow } from './customer-rows.query.ts';
import { customerWithEmail } from './customer-with-email.query.ts';
import { duplicateEmail } from './email-conflict.ts';
import { tagIdsFor } from './tag-ids.query.ts';

/** A customer as create-customer stores it: absent optional text is null. */
export interface NewCustomer {
  name: string;
  companyName: string | null;
  email: string | null;
  phone: string | null;
  status: CustomerRow['status'];
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  region: string | null;
  postalCode: string | null;
  country: string | null;
  notes: string | null;
  /** Tag names, reused by name (any letter case) or created. */
  tags: readonly string[];
}

/**
 * Inserts a customer of one business with its tags and queues the customer.created event, all in one
 * transaction, and answers the stored record as get-customer shows it. An e-mail address another
 * customer of the business uses is a CONFLICT; a concurrent creation racing past that check fails on
 * the unique index instead (isEmailUniqueViolation).
 */
export function insertCustomer(em: EntityManager, businessId: string, customer: NewCustomer, now: Date) {
  return em.transactional(async (em) => {
    if (customer.email) {
      const existing = await customerWithEmail(em, businessId, customer.email);
      if (existing) throw duplicateEmail(customer.email, existing);
    }
    const created = em.create(Customer, {
      id: randomUUID(),
      businessId,
      name: customer.name,
      companyName: customer.companyName,
      email: customer.email,
      phone: customer.phone,
      status: customer.status,
      addressLine1: customer.addressLine1,
      addressLine2: customer.addressLine2,
      city: customer.city,
      region: customer.region,
      postalCode: customer.postalCode,
      country: customer.country,
      notes: customer.notes,
      createdAt: now,
      updatedAt: now,
    });
    // Entities declare no relations, so the unit of work cannot order inserts: the customer is flushed before its tags.
    await em.flush();
    const tagIds = await tagIdsFor(em, businessId, customer.tags, now);
    for (const tagId of tagIds) em.create(CustomerTag, { businessId, customerId: created.id, tagId });
    await em.flush();
    // The answer and the event carry the same record, read back inside the transaction.
    const record = await loadCustomer(em, businessId, created.id, now);
    recordOutboxEvent(em, {
      businessId,
      eventType: 'customer.created',
      aggregateType: 'customer',
      aggregateId: created.id,
      payload: record,
      occurredAt: now,
    });
    await em.flush();
    return record;
  });
}
