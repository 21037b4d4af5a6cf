import type { SqlSource } from '../../sql/query.ts';
import { customerBalances } from './balances.query.ts';
import { customerContacts, toContact } from './contacts.query.ts';
import { findCustomer, toCustomerSummary } from './customer-rows.query.ts';
import { childCounts, propertySummaries } from './property-summaries.query.ts';
import { customerNotFound } from './require-customer.query.ts';

/** get-customer embeds this many contacts and properties; the counts tell whether there are more. */
const EMBEDDED_CHILDREN = 50;

/** One customer with contacts, properties and balances: get-customer's answer and create-customer's. */
export async function loadCustomer(em: SqlSource, businessId: string, customerId: string, now: Date) {
  const row = await findCustomer(em, businessId, customerId);
  if (!row) throw customerNotFound(customerId);
  // One query after another: inside a write's transaction they share one connection.
  const contacts = await customerContacts(em, businessId, customerId, undefined, EMBEDDED_CHILDREN);
  const properties = await propertySummaries(em, businessId, customerId, EMBEDDED_CHILDREN);
  const counts = await childCounts(em, businessId, customerId);
  const balances = await customerBalances(em, businessId, customerId, now);
  return {
    ...toCustomerSummary(row),
    notes: row.notes,
    contacts: contacts.map(toContact),
    contact_count: counts.contact_count,
    properties,
    property_count: counts.property_count,
    balances,
  };
}
