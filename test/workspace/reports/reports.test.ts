import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { sql } from '../../helpers/sql.ts';
import { createTestBusiness, expectAppError, tenantCaller, type TestBusiness } from '../../helpers/workspace.ts';

/**
 * Los Angeles (UTC-8 in November, UTC-7 until 2026-11-01). Hand-worked money:
 * - INV-1 issued 2026-10-30, 100.00, paid 60.00 on 2026-11-01 07:30Z (= 2026-11-01 00:30 local) and 40.00 on 2026-11-10.
 * - INV-2 issued 2026-11-02, 50.00, unpaid.
 * - INV-3 issued 2026-11-03, 80.00, void: never counted.
 * - INV-4 draft: never counted.
 * - INV-2: 30.00 received 2026-11-03 07:59Z = 2026-11-02 23:59 local (PST, UTC-8); a refunded 10.00 never counts.
 * - 25.00 received on 2026-11-05 without an invoice: collected, but no receivable.
 */
describe('workspace: revenue and operations summaries', () => {
  let business: TestBusiness;

  before(async () => {
    business = await createTestBusiness({ timeZone: 'America/Los_Angeles' });
    const customer = randomUUID();
    await sql('insert into customers (id, business_id, name) values (?, ?, ?)', [customer, business.id, 'Ledger']);
    const invoice = async (number: number, status: string, issuedOn: string | null, total: number) => {
      const id = randomUUID();
      await sql(
        "insert into invoices (id, business_id, number, customer_id, status, issued_on, currency, subtotal_minor, total_minor) values (?, ?, ?, ?, ?, ?, 'USD', ?, ?)",
        [id, business.id, number, customer, status, issuedOn, total, total],
      );
      return id;
    };
    const payment = async (invoiceId: string | null, amount: number, at: string, status = 'succeeded') =>
      sql(
        "insert into payments (id, business_id, customer_id, invoice_id, amount_minor, currency, method, status, received_at) values (?, ?, ?, ?, ?, 'USD', 'card', ?, ?)",
        [randomUUID(), business.id, customer, invoiceId, amount, status, at],
      );
    const inv1 = await invoice(1, 'open', '2026-10-30', 10_000);
    const inv2 = await invoice(2, 'open', '2026-11-02', 5_000);
    await invoice(3, 'void', '2026-11-03', 8_000);
    await invoice(4, 'draft', null, 9_000);
    await payment(inv1, 6_000, '2026-11-01T07:30:00Z'); // 2026-11-01 00:30 PDT
    await payment(inv1, 4_000, '2026-11-10T20:00:00Z');
    await payment(inv2, 3_000, '2026-11-03T07:59:00Z'); // 2026-11-02 23:59 PST
    await payment(inv2, 1_000, '2026-11-03T09:00:00Z', 'refunded'); // not counted
    await payment(null, 2_500, '2026-11-05T18:00:00Z'); // collected, but on no invoice

    // Operations: one technician working Mon-Fri 08:00-12:00 (240 min a day).
    const tech = randomUUID();
    const idle = randomUUID();
    await sql(
      "insert into team_members (id, business_id, name, role, working_hours) values (?, ?, 'Tess', 'technician', ?::jsonb)",
      [
        tech,
        business.id,
        JSON.stringify([1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '08:00', end: '12:00' }))),
      ],
    );
    await sql(
      "insert into team_members (id, business_id, name, role, active, working_hours) values (?, ?, 'Gone', 'technician', false, ?::jsonb)",
      [idle, business.id, JSON.stringify([{ weekday: 1, start: '00:00', end: '24:00' }])],
    );
    const job = async (number: number, status: string, createdAt: string) => {
      const id = randomUUID();
      await sql(
        "insert into jobs (id, business_id, number, customer_id, title, status, currency, created_at) values (?, ?, ?, ?, 'Job', ?, 'USD', ?)",
        [id, business.id, number, customer, status, createdAt],
      );
      return id;
    };
    const j1 = await job(1, 'completed', '2026-11-02T18:00:00Z');
    await job(2, 'scheduled', '2026-11-03T18:00:00Z');
    await job(3, 'scheduled', '2026-11-09T18:00:00Z'); // outside the week below
    const visit = async (status: string, start: string, minutes: number, assigned: boolean) => {
      const id = randomUUID();
      await sql(
        'insert into visits (id, business_id, job_id, scheduled_start, scheduled_end, status) values (?, ?, ?, ?, ?, ?)',
        [id, business.id, j1, start, new Date(Date.parse(start) + minutes * 60_000).toISOString(), status],
      );
      if (assigned)
        await sql('insert into visit_assignments (business_id, visit_id, team_member_id) values (?, ?, ?)', [
          business.id,
          id,
          tech,
        ]);
    };
    await visit('completed', '2026-11-02T17:00:00Z', 120, true);
    await visit('scheduled', '2026-11-04T17:00:00Z', 60, true);
    await visit('cancelled', '2026-11-05T17:00:00Z', 90, true);
    await visit('completed', '2026-11-06T17:00:00Z', 30, false);
  });

  it('get-revenue-summary by day around the DST change: local-day boundaries, void and drafts excluded, refunds ignored', async () => {
    const summary = await tenantCaller(business.id).workspace.reports.getRevenueSummary({
      date_from: '2026-10-31',
      date_to: '2026-11-03',
      group_by: 'day',
    });
    // outstanding: 10-31: 100.00; 11-01: 100.00 - 60.00 = 40.00; 11-02: + 50.00 - 30.00 = 60.00; 11-03: 60.00 (void INV-3 excluded).
    expect(
      summary.periods.map(({ period_start, invoiced_minor, collected_minor, outstanding_minor }) => [
        period_start,
        invoiced_minor,
        collected_minor,
        outstanding_minor,
      ]),
    ).to.deep.equal([
      ['2026-10-31', 0, 0, 10_000],
      ['2026-11-01', 0, 6_000, 4_000],
      ['2026-11-02', 5_000, 3_000, 6_000],
      ['2026-11-03', 0, 0, 6_000],
    ]);
    expect(summary.totals).to.deep.equal({ invoiced_minor: 5_000, collected_minor: 9_000, outstanding_minor: 6_000 });
    expect(summary).to.deep.include({ currency: 'USD', time_zone: 'America/Los_Angeles', group_by: 'day' });
  });

  it('groups by ISO week (Monday first, clipped to the range) and by month, with empty periods as zeros', async () => {
    const caller = tenantCaller(business.id);
    const weeks = await caller.workspace.reports.getRevenueSummary({
      date_from: '2026-10-28',
      date_to: '2026-11-18',
      group_by: 'week',
    });
    // Weeks: 10-28..11-01 (Mon 10-26 clipped), 11-02..11-08, 11-09..11-15, 11-16..11-18.
    expect(
      weeks.periods.map(({ period_start, period_end, invoiced_minor, collected_minor, outstanding_minor }) => [
        period_start,
        period_end,
        invoiced_minor,
        collected_minor,
        outstanding_minor,
      ]),
    ).to.deep.equal([
      ['2026-10-28', '2026-11-01', 10_000, 6_000, 4_000],
      ['2026-11-02', '2026-11-08', 5_000, 5_500, 6_000],
      ['2026-11-09', '2026-11-15', 0, 4_000, 2_000],
      ['2026-11-16', '2026-11-18', 0, 0, 2_000],
    ]);
    const months = await caller.workspace.reports.getRevenueSummary({ date_from: '2026-09-15', date_to: '2026-11-30' });
    expect(
      months.periods.map((period) => [period.period_start, period.period_end, period.invoiced_minor]),
    ).to.deep.equal([
      ['2026-09-15', '2026-09-30', 0],
      ['2026-10-01', '2026-10-31', 10_000],
      ['2026-11-01', '2026-11-30', 5_000],
    ]);
  });

  it('get-operations-summary: jobs by status, visits, utilisation and average ticket for one week', async () => {
    const ops = await tenantCaller(business.id).workspace.reports.getOperationsSummary({
      date_from: '2026-11-02',
      date_to: '2026-11-08',
    });
    // Working: 5 weekdays x 240 = 1200 (the inactive member does not count). Booked person-minutes: 120 + 60 (the cancelled
    // visit does not count, the unassigned one has no person) = 180 -> 0.15. Average ticket: INV-2 (50.00) only, the void one excluded.
    expect(ops).to.deep.equal({
      time_zone: 'America/Los_Angeles',
      currency: 'USD',
      jobs_by_status: { completed: 1, scheduled: 1 },
      jobs_created: 2,
      visits_completed: 2,
      visits_scheduled: 1,
      booked_minutes: 180,
      working_minutes: 1_200,
      utilisation: 0.15,
      average_ticket_minor: 5_000,
    });
    const empty = await tenantCaller(business.id).workspace.reports.getOperationsSummary({
      date_from: '2026-11-07',
      date_to: '2026-11-08',
    });
    expect(empty).to.deep.include({
      working_minutes: 0,
      utilisation: null,
      average_ticket_minor: null,
      jobs_created: 0,
    });
  });

  it('refuses reversed and over-long ranges', async () => {
    const caller = tenantCaller(business.id);
    await expectAppError(
      caller.workspace.reports.getRevenueSummary({ date_from: '2026-11-02', date_to: '2026-11-01' }),
      'VALIDATION_FAILED',
    );
    await expectAppError(
      caller.workspace.reports.getRevenueSummary({ date_from: '2025-01-01', date_to: '2026-01-02' }),
      'VALIDATION_FAILED',
    );
    await expectAppError(
      caller.workspace.reports.getOperationsSummary({ date_from: '2025-01-01', date_to: '2026-01-02' }),
      'VALIDATION_FAILED',
    );
    await expectAppError(
      caller.workspace.reports.getRevenueSummary({
        date_from: '2026-11-01',
        date_to: '2026-11-02',
        group_by: 'year' as never,
      }),
      'VALIDATION_FAILED',
    );
  });
});
