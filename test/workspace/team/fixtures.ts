import { randomUUID } from 'node:crypto';
import { sql } from '../../helpers/sql.ts';
import type { TestBusiness } from '../../helpers/workspace.ts';

export interface MemberFields {
  role?: 'technician' | 'dispatcher' | 'manager' | 'office';
  active?: boolean;
  skills?: string[];
  email?: string | null;
  phone?: string | null;
  color?: string | null;
  hours?: unknown;
}

export async function addMember(business: TestBusiness, name: string, fields: MemberFields = {}): Promise<string> {
  const id = randomUUID();
  await sql(
    `insert into team_members (id, business_id, name, role, skills, active, email, phone, color, working_hours)
     values (?, ?, ?, ?, ?::text[], ?, ?, ?, ?, ?::jsonb)`,
    [
      id,
      business.id,
      name,
      fields.role ?? 'technician',
      `{${(fields.skills ?? []).join(',')}}`,
      fields.active ?? true,
      fields.email ?? null,
      fields.phone ?? null,
      fields.color ?? null,
      JSON.stringify(fields.hours ?? []),
    ],
  );
  return id;
}

export async function addZone(business: TestBusiness, name: string, memberIds: string[] = []): Promise<string> {
  const id = randomUUID();
  await sql('insert into service_zones (id, business_id, name) values (?, ?, ?)', [id, business.id, name]);
  for (const memberId of memberIds) {
    await sql('insert into team_member_service_zones (business_id, team_member_id, service_zone_id) values (?, ?, ?)', [
      business.id,
      memberId,
      id,
    ]);
  }
  return id;
}

/** A customer, a job and one visit of it: what time entries point at. */
export async function addJobWithVisit(business: TestBusiness): Promise<{ jobId: string; visitId: string }> {
  const customerId = randomUUID();
  const jobId = randomUUID();
  const visitId = randomUUID();
  await sql('insert into customers (id, business_id, name) values (?, ?, ?)', [
    customerId,
    business.id,
    'Clocked Customer',
  ]);
  await sql(
    "insert into jobs (id, business_id, number, customer_id, title, currency) values (?, ?, 1, ?, 'Furnace repair', 'USD')",
    [jobId, business.id, customerId],
  );
  await sql(
    "insert into visits (id, business_id, job_id, scheduled_start, scheduled_end) values (?, ?, ?, '2026-11-02T05:00:00Z', '2026-11-02T08:00:00Z')",
    [visitId, business.id, jobId],
  );
  return { jobId, visitId };
}

export async function addTimeEntry(
  business: TestBusiness,
  memberId: string,
  kind: 'work' | 'travel' | 'break',
  startedAt: string,
  endedAt: string | null,
  links: { jobId?: string; visitId?: string; notes?: string } = {},
): Promise<string> {
  const id = randomUUID();
  await sql(
    'insert into time_entries (id, business_id, team_member_id, kind, started_at, ended_at, job_id, visit_id, notes) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    [
      id,
      business.id,
      memberId,
      kind,
      startedAt,
      endedAt,
      links.jobId ?? null,
      links.visitId ?? null,
      links.notes ?? null,
    ],
  );
  return id;
}

export async function addTimeOff(
  business: TestBusiness,
  memberId: string,
  startsAt: string,
  endsAt: string,
  status: 'requested' | 'approved' | 'denied',
  reason: string | null = null,
): Promise<string> {
  const id = randomUUID();
  await sql(
    'insert into time_off (id, business_id, team_member_id, starts_at, ends_at, status, reason) values (?, ?, ?, ?, ?, ?, ?)',
    [id, business.id, memberId, startsAt, endsAt, status, reason],
  );
  return id;
}

/** A cursor of the right encoding but a forged key. */
export function forgedCursor(key: unknown): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}
