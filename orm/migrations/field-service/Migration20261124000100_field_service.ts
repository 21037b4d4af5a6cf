import { Migration } from '@mikro-orm/migrations';

/** A tenant table: uuid id, owning business, timestamps, and the (business_id, id) key children reference. */
function tenantTable(name: string, body: string[]): string {
  return `create table ${name} (
      id uuid primary key,
      business_id uuid not null references businesses (id) on delete cascade,
      ${body.join(',\n      ')},
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint ${name}_business_id_id_unique unique (business_id, id)
    );`;
}

/**
 * A reference to another tenant row through (business_id, <column>): the database itself refuses
 * a row of one business pointing at a row of another.
 */
function ref(column: string, table: string, onDelete: 'cascade' | 'restrict' = 'restrict'): string {
  // MATCH SIMPLE (the default): a null reference column skips the check, as for an optional link.
  return `foreign key (business_id, ${column}) references ${table} (business_id, id) on delete ${onDelete}`;
}

const address = [
  'address_line1 varchar(200)',
  'address_line2 varchar(200)',
  'city varchar(100)',
  'region varchar(100)',
  'postal_code varchar(20)',
  'country char(2)',
];

const money = (column: string) => `${column} bigint not null default 0`;

/** Line items of jobs, estimate options and invoices share one shape; `amount_minor` is computed by core's totals function. */
const lineItem = [
  'position integer not null',
  'price_book_item_id uuid',
  `kind varchar(20) not null check (kind in ('service', 'material', 'custom'))`,
  'name varchar(200) not null',
  'description varchar(2000)',
  'quantity numeric(12, 3) not null check (quantity > 0)',
  'unit_price_minor bigint not null check (unit_price_minor >= 0)',
  'taxable boolean not null default true',
  'amount_minor bigint not null',
  ref('price_book_item_id', 'price_book_items'),
];

/** Documents with money totals: the stored totals always satisfy total = subtotal + tax. */
const totals = (table: string) => [
  'currency char(3) not null',
  money('subtotal_minor'),
  money('tax_minor'),
  money('total_minor'),
  `constraint ${table}_totals_check check (total_minor = subtotal_minor + tax_minor)`,
];

/**
 * The field-service domain. Every row belongs to one business; every reference between rows goes
 * through (business_id, id), so cross-tenant links cannot exist even if code forgot to check.
 * Indexes lead with business_id and follow each list's filter and stable order (…, id).
 */
export class Migration20261124000100_field_service extends Migration {
  override async up(): Promise<void> {
    const sql = (statement: string) => this.addSql(statement);

    sql(tenantTable('tags', ['name varchar(50) not null', 'color varchar(7)']));
    sql(`create unique index tags_name_unique on tags (business_id, lower(name));`);

    sql(
      tenantTable('tax_rates', [
        'name varchar(100) not null',
        // Basis points: 825 = 8.25 %.
        'rate_basis_points integer not null check (rate_basis_points between 0 and 10000)',
        'is_default boolean not null default false',
        'active boolean not null default true',
      ]),
    );
    sql(`create unique index tax_rates_one_default on tax_rates (business_id) where is_default;`);

    sql(
      tenantTable('customers', [
        'name varchar(200) not null',
        'company_name varchar(200)',
        'email varchar(254)',
        'phone varchar(50)',
        `status varchar(20) not null default 'active' check (status in ('active', 'inactive', 'archived'))`,
        ...address,
        'notes varchar(5000)',
        `search_text text generated always as (lower(name || ' ' || coalesce(company_name, '') || ' ' || coalesce(email, '') || ' '
        || coalesce(phone, '') || ' ' || coalesce(address_line1, '') || ' ' || coalesce(city, '') || ' ' || coalesce(postal_code, ''))) stored`,
      ]),
    );
    // A duplicate e-mail inside one business is a conflict; across businesses it is normal.
    sql(`create unique index customers_email_unique on customers (business_id, lower(email)) where email is not null;`);
    sql(`create index customers_created_idx on customers (business_id, created_at desc, id desc);`);
    sql(`create index customers_name_idx on customers (business_id, name collate "C", id);`);
    sql(`create index customers_search_trgm on customers using gin (search_text gin_trgm_ops);`);

    sql(`create table customer_tags (
      business_id uuid not null references businesses (id) on delete cascade,
      customer_id uuid not null,
      tag_id uuid not null,
      primary key (business_id, customer_id, tag_id),
      ${ref('customer_id', 'customers', 'cascade')},
      ${ref('tag_id', 'tags', 'cascade')}
    );`);
    sql(`create index customer_tags_tag_idx on customer_tags (business_id, tag_id);`);

    sql(
      tenantTable('customer_contacts', [
        'customer_id uuid not null',
        'name varchar(200) not null',
        'role varchar(100)',
        'email varchar(254)',
        'phone varchar(50)',
        'is_primary boolean not null default false',
        ref('customer_id', 'customers', 'cascade'),
      ]),
    );
    sql(
      `create index customer_contacts_customer_idx on customer_contacts (business_id, customer_id, name collate "C", id);`,
    );

    sql(
      tenantTable('properties', [
        'customer_id uuid not null',
        'name varchar(200)',
        'address_line1 varchar(200) not null',
        'address_line2 varchar(200)',
        'city varchar(100) not null',
        'region varchar(100)',
        'postal_code varchar(20) not null',
        'country char(2)',
        'latitude double precision check (latitude between -90 and 90)',
        'longitude double precision check (longitude between -180 and 180)',
        'notes varchar(2000)',
        ref('customer_id', 'customers', 'cascade'),
      ]),
    );
    sql(`create index properties_customer_idx on properties (business_id, customer_id, created_at, id);`);
    sql(`create index properties_postal_idx on properties (business_id, postal_code);`);

    sql(
      tenantTable('equipment', [
        'property_id uuid not null',
        'equipment_type varchar(100) not null',
        'make varchar(100)',
        'model varchar(100)',
        'serial_number varchar(100)',
        'installed_on date',
        'warranty_expires_on date',
        'notes varchar(2000)',
        ref('property_id', 'properties', 'cascade'),
      ]),
    );
    sql(`create index equipment_property_idx on equipment (business_id, property_id, id);`);

    sql(tenantTable('lead_sources', ['name varchar(100) not null', 'channel varchar(50)']));
    sql(`create unique index lead_sources_name_unique on lead_sources (business_id, lower(name));`);

    sql(
      tenantTable('leads', [
        'lead_source_id uuid',
        'customer_id uuid',
        'name varchar(200) not null',
        'email varchar(254)',
        'phone varchar(50)',
        'description varchar(5000)',
        `status varchar(20) not null default 'new' check (status in ('new', 'contacted', 'qualified', 'converted', 'lost'))`,
        'estimated_value_minor bigint check (estimated_value_minor >= 0)',
        'converted_at timestamptz',
        ref('lead_source_id', 'lead_sources'),
        ref('customer_id', 'customers'),
      ]),
    );
    sql(`create index leads_created_idx on leads (business_id, created_at desc, id desc);`);

    sql(
      tenantTable('job_types', [
        'name varchar(100) not null',
        'description varchar(1000)',
        'default_duration_minutes integer not null default 60 check (default_duration_minutes between 5 and 1440)',
        'color varchar(7)',
      ]),
    );
    sql(`create unique index job_types_name_unique on job_types (business_id, lower(name));`);

    sql(
      tenantTable('team_members', [
        'user_id uuid references users (id) on delete set null',
        'name varchar(200) not null',
        'email varchar(254)',
        'phone varchar(50)',
        `role varchar(20) not null check (role in ('technician', 'dispatcher', 'manager', 'office'))`,
        `skills text[] not null default '{}'`,
        'active boolean not null default true',
        'color varchar(7)',
        // [{"weekday": 1..7 (ISO), "start": "HH:MM", "end": "HH:MM"}] in the business's time zone.
        `working_hours jsonb not null default '[]'`,
      ]),
    );
    sql(`create index team_members_name_idx on team_members (business_id, name collate "C", id);`);

    sql(tenantTable('service_zones', ['name varchar(100) not null', `postal_codes text[] not null default '{}'`]));
    sql(`create table team_member_service_zones (
      business_id uuid not null references businesses (id) on delete cascade,
      team_member_id uuid not null,
      service_zone_id uuid not null,
      primary key (business_id, team_member_id, service_zone_id),
      ${ref('team_member_id', 'team_members', 'cascade')},
      ${ref('service_zone_id', 'service_zones', 'cascade')}
    );`);

    sql(
      tenantTable('price_book_items', [
        `kind varchar(20) not null check (kind in ('service', 'material'))`,
        'name varchar(200) not null',
        'description varchar(2000)',
        'category varchar(100)',
        'sku varchar(100)',
        "unit varchar(20) not null default 'each'",
        'unit_price_minor bigint not null check (unit_price_minor >= 0)',
        'unit_cost_minor bigint check (unit_cost_minor >= 0)',
        'taxable boolean not null default true',
        'active boolean not null default true',
        `search_text text generated always as (lower(name || ' ' || coalesce(description, '') || ' ' || coalesce(category, '') || ' ' || coalesce(sku, ''))) stored`,
      ]),
    );
    sql(
      `create index price_book_items_kind_idx on price_book_items (business_id, kind, category, name collate "C", id);`,
    );
    sql(`create index price_book_items_search_trgm on price_book_items using gin (search_text gin_trgm_ops);`);

    sql(
      tenantTable('jobs', [
        'number integer not null',
        'customer_id uuid not null',
        'property_id uuid',
        'job_type_id uuid',
        'title varchar(200) not null',
        'description varchar(5000)',
        `status varchar(20) not null default 'unscheduled' check (status in ('unscheduled', 'scheduled', 'in_progress', 'completed', 'cancelled'))`,
        `priority varchar(10) not null default 'normal' check (priority in ('low', 'normal', 'high', 'urgent'))`,
        'scheduled_start timestamptz',
        'scheduled_end timestamptz',
        'completed_at timestamptz',
        'tax_rate_id uuid',
        ...totals('jobs'),
        'constraint jobs_window_check check (scheduled_end is null or scheduled_start is null or scheduled_end > scheduled_start)',
        'constraint jobs_number_unique unique (business_id, number)',
        ref('customer_id', 'customers'),
        ref('property_id', 'properties'),
        ref('job_type_id', 'job_types'),
        ref('tax_rate_id', 'tax_rates'),
      ]),
    );
    sql(`create index jobs_created_idx on jobs (business_id, created_at desc, id desc);`);
    sql(`create index jobs_customer_idx on jobs (business_id, customer_id, created_at desc, id desc);`);
    sql(`create index jobs_status_idx on jobs (business_id, status, created_at desc, id desc);`);
    sql(`create index jobs_scheduled_idx on jobs (business_id, scheduled_start, id);`);

    sql(`create table job_assignments (
      business_id uuid not null references businesses (id) on delete cascade,
      job_id uuid not null,
      team_member_id uuid not null,
      primary key (business_id, job_id, team_member_id),
      ${ref('job_id', 'jobs', 'cascade')},
      ${ref('team_member_id', 'team_members', 'cascade')}
    );`);
    sql(`create index job_assignments_member_idx on job_assignments (business_id, team_member_id);`);

    sql(tenantTable('job_line_items', ['job_id uuid not null', ...lineItem, ref('job_id', 'jobs', 'cascade')]));
    sql(`create index job_line_items_job_idx on job_line_items (business_id, job_id, position, id);`);

    sql(
      tenantTable('job_notes', [
        'job_id uuid not null',
        'team_member_id uuid',
        'author_name varchar(200) not null',
        'body varchar(10000) not null',
        ref('job_id', 'jobs', 'cascade'),
        ref('team_member_id', 'team_members'),
      ]),
    );
    sql(`create index job_notes_job_idx on job_notes (business_id, job_id, created_at, id);`);

    sql(
      tenantTable('job_attachments', [
        'job_id uuid not null',
        'file_name varchar(255) not null',
        'content_type varchar(100) not null',
        'size_bytes bigint not null check (size_bytes >= 0)',
        'storage_key varchar(500) not null',
        'uploaded_by varchar(200)',
        ref('job_id', 'jobs', 'cascade'),
      ]),
    );
    sql(`create index job_attachments_job_idx on job_attachments (business_id, job_id, created_at, id);`);

    sql(
      tenantTable('visits', [
        'job_id uuid not null',
        'scheduled_start timestamptz not null',
        'scheduled_end timestamptz not null',
        `status varchar(20) not null default 'scheduled' check (status in ('scheduled', 'en_route', 'in_progress', 'completed', 'cancelled'))`,
        'arrived_at timestamptz',
        'completed_at timestamptz',
        'notes varchar(5000)',
        'constraint visits_window_check check (scheduled_end > scheduled_start)',
        ref('job_id', 'jobs', 'cascade'),
      ]),
    );
    sql(`create index visits_start_idx on visits (business_id, scheduled_start, id);`);
    sql(`create index visits_job_idx on visits (business_id, job_id, scheduled_start);`);

    sql(`create table visit_assignments (
      business_id uuid not null references businesses (id) on delete cascade,
      visit_id uuid not null,
      team_member_id uuid not null,
      primary key (business_id, visit_id, team_member_id),
      ${ref('visit_id', 'visits', 'cascade')},
      ${ref('team_member_id', 'team_members', 'cascade')}
    );`);
    sql(`create index visit_assignments_member_idx on visit_assignments (business_id, team_member_id);`);

    sql(
      tenantTable('time_entries', [
        'team_member_id uuid not null',
        'job_id uuid',
        'visit_id uuid',
        `kind varchar(20) not null default 'work' check (kind in ('work', 'travel', 'break'))`,
        'started_at timestamptz not null',
        'ended_at timestamptz',
        'notes varchar(2000)',
        'constraint time_entries_window_check check (ended_at is null or ended_at > started_at)',
        ref('team_member_id', 'team_members', 'cascade'),
        ref('job_id', 'jobs'),
        ref('visit_id', 'visits'),
      ]),
    );
    sql(`create index time_entries_start_idx on time_entries (business_id, started_at, id);`);

    sql(
      tenantTable('time_off', [
        'team_member_id uuid not null',
        'starts_at timestamptz not null',
        'ends_at timestamptz not null',
        'reason varchar(500)',
        `status varchar(20) not null default 'approved' check (status in ('requested', 'approved', 'denied'))`,
        'constraint time_off_window_check check (ends_at > starts_at)',
        ref('team_member_id', 'team_members', 'cascade'),
      ]),
    );
    sql(`create index time_off_start_idx on time_off (business_id, starts_at, id);`);

    sql(
      tenantTable('estimates', [
        'number integer not null',
        'customer_id uuid not null',
        'property_id uuid',
        'job_id uuid',
        'title varchar(200) not null',
        `status varchar(20) not null default 'draft' check (status in ('draft', 'sent', 'approved', 'declined', 'expired'))`,
        'currency char(3) not null',
        'issued_on date',
        'valid_until date',
        'approved_option_id uuid',
        'notes varchar(5000)',
        'constraint estimates_number_unique unique (business_id, number)',
        ref('customer_id', 'customers'),
        ref('property_id', 'properties'),
        ref('job_id', 'jobs'),
      ]),
    );
    sql(`create index estimates_created_idx on estimates (business_id, created_at desc, id desc);`);

    sql(
      tenantTable('estimate_options', [
        'estimate_id uuid not null',
        'position integer not null',
        'name varchar(200) not null',
        'description varchar(2000)',
        ...totals('estimate_options'),
        ref('estimate_id', 'estimates', 'cascade'),
      ]),
    );
    sql(`create index estimate_options_estimate_idx on estimate_options (business_id, estimate_id, position);`);
    sql(`alter table estimates add constraint estimates_approved_option_fk
      foreign key (business_id, approved_option_id) references estimate_options (business_id, id) deferrable initially deferred;`);

    sql(
      tenantTable('estimate_line_items', [
        'estimate_option_id uuid not null',
        ...lineItem,
        ref('estimate_option_id', 'estimate_options', 'cascade'),
      ]),
    );
    sql(
      `create index estimate_line_items_option_idx on estimate_line_items (business_id, estimate_option_id, position, id);`,
    );

    sql(
      tenantTable('invoices', [
        'number integer not null',
        'customer_id uuid not null',
        'job_id uuid',
        `status varchar(20) not null default 'draft' check (status in ('draft', 'open', 'paid', 'void'))`,
        'issued_on date',
        'due_on date',
        ...totals('invoices'),
        'constraint invoices_number_unique unique (business_id, number)',
        ref('customer_id', 'customers'),
        ref('job_id', 'jobs'),
      ]),
    );
    sql(`create index invoices_created_idx on invoices (business_id, created_at desc, id desc);`);
    sql(`create index invoices_status_due_idx on invoices (business_id, status, due_on, id);`);

    sql(
      tenantTable('invoice_line_items', [
        'invoice_id uuid not null',
        ...lineItem,
        ref('invoice_id', 'invoices', 'cascade'),
      ]),
    );
    sql(`create index invoice_line_items_invoice_idx on invoice_line_items (business_id, invoice_id, position, id);`);

    sql(
      tenantTable('payments', [
        'customer_id uuid not null',
        'invoice_id uuid',
        'amount_minor bigint not null check (amount_minor > 0)',
        'currency char(3) not null',
        `method varchar(20) not null check (method in ('card', 'cash', 'check', 'ach', 'other'))`,
        `status varchar(20) not null default 'succeeded' check (status in ('succeeded', 'refunded'))`,
        'received_at timestamptz not null',
        'reference varchar(200)',
        ref('customer_id', 'customers'),
        ref('invoice_id', 'invoices'),
      ]),
    );
    sql(`create index payments_received_idx on payments (business_id, received_at desc, id desc);`);
    sql(`create index payments_invoice_idx on payments (business_id, invoice_id);`);

    sql(
      tenantTable('service_agreements', [
        'customer_id uuid not null',
        'property_id uuid',
        'name varchar(200) not null',
        `status varchar(20) not null default 'active' check (status in ('active', 'paused', 'cancelled', 'expired'))`,
        'starts_on date not null',
        'ends_on date',
        `billing_frequency varchar(20) not null check (billing_frequency in ('monthly', 'quarterly', 'annually'))`,
        'price_minor bigint not null check (price_minor >= 0)',
        'currency char(3) not null',
        'visits_per_year integer not null default 1 check (visits_per_year between 0 and 52)',
        'auto_renew boolean not null default true',
        'constraint service_agreements_window_check check (ends_on is null or ends_on >= starts_on)',
        ref('customer_id', 'customers'),
        ref('property_id', 'properties'),
      ]),
    );
    sql(`create index service_agreements_created_idx on service_agreements (business_id, created_at desc, id desc);`);

    sql(
      tenantTable('service_agreement_visits', [
        'agreement_id uuid not null',
        'planned_for date not null',
        'visit_id uuid',
        `status varchar(20) not null default 'planned' check (status in ('planned', 'scheduled', 'completed', 'skipped'))`,
        ref('agreement_id', 'service_agreements', 'cascade'),
        ref('visit_id', 'visits'),
      ]),
    );
    sql(
      `create index service_agreement_visits_idx on service_agreement_visits (business_id, agreement_id, planned_for);`,
    );

    sql(
      tenantTable('reviews', [
        'customer_id uuid',
        'job_id uuid',
        'rating smallint not null check (rating between 1 and 5)',
        'comment varchar(5000)',
        'reviewer_name varchar(200) not null',
        `source varchar(20) not null default 'internal' check (source in ('internal', 'google', 'yelp', 'facebook', 'other'))`,
        'reviewed_at timestamptz not null',
        ref('customer_id', 'customers'),
        ref('job_id', 'jobs'),
      ]),
    );
    sql(`create index reviews_reviewed_idx on reviews (business_id, reviewed_at desc, id desc);`);

    // Events written in the same transaction as the change they describe; the webhook deliverer reads them.
    sql(`create table outbox_events (
      id uuid primary key,
      business_id uuid not null references businesses (id) on delete cascade,
      event_type varchar(100) not null,
      aggregate_type varchar(50) not null,
      aggregate_id uuid not null,
      payload jsonb not null,
      created_at timestamptz not null default now(),
      published_at timestamptz
    );`);
    sql(`create index outbox_events_unpublished_idx on outbox_events (created_at, id) where published_at is null;`);
    sql(`create index outbox_events_business_idx on outbox_events (business_id, created_at, id);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists outbox_events, reviews, service_agreement_visits, service_agreements, payments,
      invoice_line_items, invoices, estimate_line_items, estimate_options, estimates, time_off, time_entries,
      visit_assignments, visits, job_attachments, job_notes, job_line_items, job_assignments, jobs, price_book_items,
      team_member_service_zones, service_zones, team_members, job_types, leads, lead_sources, equipment, properties,
      customer_contacts, customer_tags, customers, tax_rates, tags cascade;`);
  }
}
