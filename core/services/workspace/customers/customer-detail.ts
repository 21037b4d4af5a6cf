import type { EntityManager } from '@mikro-orm/postgresql';
import { CustomerContact } from '../../../../orm/entities/field-service/customer-contact.ts';
import { Property } from '../../../../orm/entities/field-service/property.ts';
import { AppError } from '../../../errors/index.ts';
import { runQuery } from '../../sql/query.ts';
import { findCustomers, toCustomerSummary } from './customer-rows.query.ts';

/** One customer with contacts, properties and balances: get-customer's answer and create-customer's. */
export async function loadCustomer(em: EntityManager, businessId: string, customerId: string, now: Date) {
  const [row] = await findCustomers(em, businessId, (where) => where.add('c.id = ?', customerId), 'c.id', 1);
  if (!row) throw new AppError('RESOURCE_NOT_FOUND', `No customer with id ${customerId} in this business.`);
  // One query after another: inside a write's transaction they share one connection.
  const contacts = await em.find(CustomerContact, { businessId, customerId }, { orderBy: { isPrimary: 'desc', name: 'asc', id: 'asc' } });
  const properties = await em.find(Property, { businessId, customerId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  const balances = await runQuery<{ outstanding: string; overdue: string; open_count: string; job_count: string; currency: string }>(em, {
      sql: `select coalesce(sum(i.total_minor - i.paid) filter (where i.id is not null), 0) as outstanding,
              coalesce(sum(i.total_minor - i.paid) filter (where i.due_on < (?::timestamptz at time zone b.time_zone)::date), 0) as overdue,
              count(i.id) as open_count,
              (select count(*) from jobs j where j.business_id = b.id and j.customer_id = ?) as job_count,
              b.currency
            from businesses b
            left join lateral (
              select inv.id, inv.total_minor, inv.due_on,
                coalesce((select sum(p.amount_minor) from payments p where p.business_id = inv.business_id and p.invoice_id = inv.id and p.status = 'succeeded'), 0) as paid
              from invoices inv where inv.business_id = b.id and inv.customer_id = ? and inv.status = 'open'
            ) i on true
            where b.id = ?
            group by b.id`,
      params: [now.toISOString(), customerId, customerId, businessId],
  });
  const money = balances[0];
  return {
    ...toCustomerSummary(row),
    notes: row.notes,
    contacts: contacts.map((contact) => ({
      id: contact.id,
      name: contact.name,
      role: contact.role ?? null,
      email: contact.email ?? null,
      phone: contact.phone ?? null,
      is_primary: contact.isPrimary,
    })),
    properties: properties.map((property) => ({ id: property.id, name: property.name ?? null, line1: property.addressLine1, city: property.city, postal_code: property.postalCode })),
    balances: {
      outstanding_minor: Number(money?.outstanding ?? 0),
      overdue_minor: Number(money?.overdue ?? 0),
      open_invoice_count: Number(money?.open_count ?? 0),
      job_count: Number(money?.job_count ?? 0),
      currency: money?.currency ?? 'USD',
    },
  };
}
