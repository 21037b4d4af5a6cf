import type { SiteUrls } from '../../site-urls.ts';

/**
 * The typed read of each entity type a workspace API token can fetch over `/api/trpc` (a GET with the
 * input as URL-encoded JSON): the procedure path and the name of its id input. A thin delivery points
 * at it; an entity type without one points at the event itself in the event feed.
 */
const typedReads: Record<string, { path: string; idInput: string }> = {
  customer: { path: 'workspace.customers.getCustomer', idInput: 'customer_id' },
  job: { path: 'workspace.jobs.getJob', idInput: 'job_id' },
  visit: { path: 'workspace.scheduling.getVisit', idInput: 'visit_id' },
  estimate: { path: 'workspace.estimates.getEstimate', idInput: 'estimate_id' },
  invoice: { path: 'workspace.invoices.getInvoice', idInput: 'invoice_id' },
  payment: { path: 'workspace.payments.getPayment', idInput: 'payment_id' },
};

/** The procedure paths thin deliveries name, for the test that each is served on /api/trpc and takes its id. */
export const thinEntityReads: Readonly<typeof typedReads> = typedReads;

/**
 * Where a holder of a workspace API token fetches what an event is about: the entity's typed read, or
 * `{base_url}/v1/events/{event_id}` for a type without one. `/api/trpc` hangs off the site URL (the
 * internal API's mount), not off {base_url}/v1 like REST.
 */
export function entityUrl(urls: SiteUrls, entity: { type: string; id: string }, eventId: string): string {
  const read = typedReads[entity.type];
  if (!read) return `${urls.base}/v1/events/${eventId}`;
  return `${urls.site}/api/trpc/${read.path}?input=${encodeURIComponent(JSON.stringify({ [read.idInput]: entity.id }))}`;
}
