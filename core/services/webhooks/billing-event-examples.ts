/**
 * Realistic `data` of the billing events (estimates, invoices, customer payments): the OpenAPI
 * examples and what `npm run admin -- trigger` sends. One water-heater job's paperwork, so the ids
 * agree across the events; each is valid against its event's schema (test/webhooks/billing-events).
 */

const customer = { id: '3f0b6a52-8c1e-4d3a-9b7e-2a5c4e1d7f90', name: 'Dana Whitfield' };
const jobId = '7c2e9d41-5a3b-4f6e-8d1c-0b9a7e6f5d42';

const estimateLine = (id: string, name: string, unitPriceMinor: number, taxable: boolean) => ({
  id,
  position: 1,
  kind: 'service',
  name,
  description: null,
  quantity: 1,
  unit_price_minor: unitPriceMinor,
  taxable,
  amount_minor: unitPriceMinor,
  price_book_item_id: null,
});

function estimate(status: 'sent' | 'approved' | 'declined') {
  const approved = status === 'approved' ? 'b81f4c7a-2d6e-4a95-8c3b-1e7d9f0a6b24' : null;
  const option = (id: string, position: number, name: string, subtotal: number, tax: number) => ({
    id,
    position,
    name,
    description: null,
    approved: id === approved,
    subtotal_minor: subtotal,
    tax_minor: tax,
    total_minor: subtotal + tax,
    currency: 'USD',
    line_items: [estimateLine(`${id.slice(0, 35)}1`, name, subtotal, true)],
  });
  return {
    id: '5d8a3e17-9c4b-4b2f-a6e1-7f0c2d9b8a35',
    number: 1042,
    title: 'Replace 50-gallon water heater',
    status,
    customer,
    property_id: 'e4a7c1d9-3b5f-4e8a-9d2c-6f1b0a7e3c58',
    job_id: jobId,
    issued_on: '2026-11-20',
    valid_until: '2026-12-20',
    option_count: 2,
    approved_option_id: approved,
    headline_option: {
      basis: approved ? 'approved' : 'lowest_total',
      option_id: approved ?? 'a3c9e2f1-7b4d-4c8e-9a6f-5d2b1e0c7f83',
      name: approved ? 'Replace' : 'Repair',
      subtotal_minor: approved ? 185000 : 42000,
      tax_minor: approved ? 15263 : 3465,
      total_minor: approved ? 200263 : 45465,
    },
    currency: 'USD',
    created_at: '2026-11-19T16:02:11.000Z',
    property: {
      id: 'e4a7c1d9-3b5f-4e8a-9d2c-6f1b0a7e3c58',
      name: 'Home',
      summary: '2417 Barton Hills Dr, Austin 78704',
    },
    job: { id: jobId, number: 3187, title: 'Water heater leaking', status: 'scheduled' },
    notes: null,
    updated_at: '2026-11-21T09:30:00.000Z',
    options: [
      option('a3c9e2f1-7b4d-4c8e-9a6f-5d2b1e0c7f83', 1, 'Repair', 42000, 3465),
      option('b81f4c7a-2d6e-4a95-8c3b-1e7d9f0a6b24', 2, 'Replace', 185000, 15263),
    ],
  };
}

const paymentId = 'c6e2a9f4-1d7b-4e3c-8a5f-9b0d2e6c1a47';

function invoice(status: 'open' | 'paid', overdue: boolean) {
  const paid = status === 'paid' ? 200263 : 0;
  return {
    id: 'd93b6f2e-4a1c-4d7e-b8f5-3c0a9e2d6b71',
    number: 2210,
    status,
    is_overdue: overdue,
    customer,
    job_id: jobId,
    issued_on: '2026-11-24',
    due_on: '2026-12-08',
    subtotal_minor: 185000,
    tax_minor: 15263,
    total_minor: 200263,
    amount_paid_minor: paid,
    balance_minor: 200263 - paid,
    currency: 'USD',
    created_at: '2026-11-24T18:45:03.000Z',
    line_items: [estimateLine('f1a8d3c6-2e9b-4f7a-8c4d-5b0e1a9f3d62', 'Water heater replacement', 185000, true)],
    payments:
      status === 'paid'
        ? [
            {
              id: paymentId,
              amount_minor: 200263,
              method: 'card',
              status: 'succeeded',
              received_at: '2026-12-02T15:20:00.000Z',
            },
          ]
        : [],
  };
}

export const billingEventExamples = {
  'estimate.sent': estimate('sent'),
  'estimate.approved': estimate('approved'),
  'estimate.declined': estimate('declined'),
  'invoice.issued': invoice('open', false),
  'invoice.paid': invoice('paid', false),
  'invoice.overdue': invoice('open', true),
  'customer_payment.created': {
    id: paymentId,
    amount_minor: 200263,
    currency: 'USD',
    method: 'card',
    status: 'succeeded',
    received_at: '2026-12-02T15:20:00.000Z',
    reference: 'ch_3QkX9d2eZvKYlo2C',
    customer,
    invoice: { id: 'd93b6f2e-4a1c-4d7e-b8f5-3c0a9e2d6b71', number: 2210 },
  },
};
