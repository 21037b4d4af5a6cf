/**
 * Realistic records of a plumbing business for the catalogue's examples (the OpenAPI example and
 * what `npm run admin -- trigger` sends), each valid against its event's `data` schema
 * (test/webhooks/field-work-catalogue.test.ts checks them).
 */

const customerId = '3f6c2a8e-5b1d-4c7e-9a2f-1d8e7b6c5a40';
const propertyId = '8a1b9c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const jobId = 'c4d5e6f7-0819-4a2b-9c3d-4e5f6a7b8c9d';
const visitId = 'e1f2a3b4-c5d6-4e7f-8091-a2b3c4d5e6f7';
const member = { id: '5a6b7c8d-9e0f-4123-8456-789abcdef012', name: 'Maria Lopez' };
const secondMember = { id: '6b7c8d9e-0f1a-4234-9567-89abcdef0123', name: 'Sam Okafor' };

const address = {
  line1: '412 Cedar Lane',
  line2: null,
  city: 'Austin',
  region: 'TX',
  postal_code: '78704',
  country: 'US',
};

const customerExample = {
  id: customerId,
  name: 'Dana Whitfield',
  company_name: null,
  email: 'dana.whitfield@example.com',
  phone: '(512) 555-0148',
  status: 'active',
  address,
  tags: ['Residential', 'Service plan'],
  created_at: '2026-10-02T15:21:09.000Z',
  notes: 'Gate code 4410. Dog in the back yard.',
  contacts: [
    {
      id: '9c8b7a6d-5e4f-4321-8a9b-0c1d2e3f4a5b',
      name: 'Dana Whitfield',
      role: 'Owner',
      email: 'dana.whitfield@example.com',
      phone: '(512) 555-0148',
      is_primary: true,
    },
  ],
  contact_count: 1,
  properties: [
    { id: propertyId, name: null, line1: '412 Cedar Lane', city: 'Austin', region: 'TX', postal_code: '78704' },
  ],
  property_count: 1,
  balances: { outstanding_minor: 0, overdue_minor: 0, open_invoice_count: 0, job_count: 3, currency: 'USD' },
};

const jobExample = {
  id: jobId,
  number: 1042,
  title: 'Replace water heater',
  status: 'scheduled',
  priority: 'high',
  customer: { id: customerId, name: 'Dana Whitfield' },
  property_id: propertyId,
  job_type: { id: '1b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9', name: 'Installation' },
  scheduled_start: '2026-12-03T15:00:00.000Z',
  scheduled_end: '2026-12-03T19:00:00.000Z',
  completed_at: null,
  assigned_team_members: [member],
  subtotal_minor: 148500,
  tax_minor: 12251,
  total_minor: 160751,
  currency: 'USD',
  created_at: '2026-11-28T16:42:10.000Z',
  description: '50 gallon gas unit in the garage; haul away the old one.',
  property: {
    id: propertyId,
    name: null,
    line1: '412 Cedar Lane',
    line2: null,
    city: 'Austin',
    region: 'TX',
    postal_code: '78704',
  },
  tax_rate: { id: '2c3d4e5f-6071-4829-93a4-b5c6d7e8f9a0', name: 'Austin sales tax', rate_basis_points: 825 },
  line_items: [
    {
      id: '3d4e5f60-7182-4930-a4b5-c6d7e8f9a0b1',
      position: 1,
      kind: 'material',
      name: 'Gas water heater, 50 gal',
      description: null,
      quantity: 1,
      unit_price_minor: 112500,
      taxable: true,
      amount_minor: 112500,
      price_book_item_id: '4e5f6071-8293-4a41-b5c6-d7e8f9a0b1c2',
    },
    {
      id: '5f607182-93a4-4b52-86d7-e8f9a0b1c2d3',
      position: 2,
      kind: 'service',
      name: 'Installation labour',
      description: null,
      quantity: 4,
      unit_price_minor: 9000,
      taxable: true,
      amount_minor: 36000,
      price_book_item_id: null,
    },
  ],
  visits: [
    {
      id: visitId,
      scheduled_start: '2026-12-03T15:00:00.000Z',
      scheduled_end: '2026-12-03T19:00:00.000Z',
      status: 'scheduled',
    },
  ],
};

const visitExample = {
  id: visitId,
  status: 'scheduled',
  scheduled_start: '2026-12-03T15:00:00.000Z',
  scheduled_end: '2026-12-03T19:00:00.000Z',
  scheduled_start_local: '2026-12-03T09:00',
  scheduled_end_local: '2026-12-03T13:00',
  job: { id: jobId, number: 1042, title: 'Replace water heater' },
  customer: { id: customerId, name: 'Dana Whitfield' },
  property: { id: propertyId, name: null, address, summary: '412 Cedar Lane, Austin, TX 78704' },
  assigned_team_members: [member],
  notes: 'Bring the expansion tank.',
  arrived_at: null,
  completed_at: null,
  time_zone: 'America/Chicago',
};

export const examples = {
  'customer.updated': {
    ...customerExample,
    phone: '(512) 555-0199',
    previous_attributes: { phone: '(512) 555-0148' },
  },
  'customer.status_changed': { ...customerExample, status: 'inactive', previous_status: 'active' },
  'job.updated': {
    ...jobExample,
    priority: 'urgent',
    previous_attributes: { priority: 'high' },
  },
  'job.status_changed': { ...jobExample, status: 'in_progress', previous_status: 'scheduled' },
  'visit.created': visitExample,
  'visit.updated': {
    ...visitExample,
    assigned_team_members: [member, secondMember],
    previous_attributes: { assigned_team_members: [member] },
  },
  'visit.status_changed': {
    ...visitExample,
    status: 'in_progress',
    arrived_at: '2026-12-03T15:07:44.000Z',
    previous_status: 'en_route',
  },
};
