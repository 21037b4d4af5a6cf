import { createHash } from 'node:crypto';
import { Customer } from '../../../../orm/entities/field-service/customer.ts';
import { CustomerContact } from '../../../../orm/entities/field-service/customer-contact.ts';
import { CustomerTag } from '../../../../orm/entities/field-service/customer-tag.ts';
import { Job } from '../../../../orm/entities/field-service/job.ts';
import { JobAssignment } from '../../../../orm/entities/field-service/job-assignment.ts';
import { JobLineItem } from '../../../../orm/entities/field-service/job-line-item.ts';
import { JobType } from '../../../../orm/entities/field-service/job-type.ts';
import { PriceBookItem } from '../../../../orm/entities/field-service/price-book-item.ts';
import { Property } from '../../../../orm/entities/field-service/property.ts';
import { Tag } from '../../../../orm/entities/field-service/tag.ts';
import { TaxRate } from '../../../../orm/entities/field-service/tax-rate.ts';
import { TeamMember } from '../../../../orm/entities/field-service/team-member.ts';
import { Visit } from '../../../../orm/entities/field-service/visit.ts';
import { VisitAssignment } from '../../../../orm/entities/field-service/visit-assignment.ts';
import { computeTotals } from '../../../../core/services/workspace/totals.ts';
import { SeededRandom } from '../random.ts';
import * as words from './catalogue.ts';
import { generateDemoWorkspace } from './generate-workspace.ts';
import { primaryDemoWorkspace, type DemoWorkspaceSpec } from './specs.ts';
import { WorkspaceRows } from './workspace-rows.ts';

/**
 * The scale dataset's one large business (`npm run seed -- --scale N`): the demo's shape (customers
 * with contacts, tags and properties; jobs with priced lines, a crew, and a visit on the schedule),
 * but every customer and every job generated from its own position, so that any range can be made
 * alone, in batches of any size, and a restart continues with the same rows. The business itself
 * (team, tax rates, tags, price book, job types) is the demo generator's with no customers or jobs.
 */
export const scaleWorkspaceSpec: DemoWorkspaceSpec = {
  ...primaryDemoWorkspace,
  seed: 20_270_121,
  slug: 'scale-field-services',
  name: 'Scale Field Services',
  email: 'office@scale-field.example',
  emailDomain: 'scale-field.example',
  websiteUrl: 'https://scale-field.example',
  teamSize: 60,
  customers: 0,
  jobs: 0,
  leads: 0,
  estimates: 0,
  agreements: 0,
};

/** Jobs per customer in the scale dataset (50,000 jobs for 10,000 customers at scale 1). */
const JOBS_PER_CUSTOMER = 5;

/** What every customer and job of the business refers to: ids fixed by the spec's seed. */
export interface ScaleWorkspace {
  /** The business row and its fixed tables, as `infrastructure.demo.insertDemoWorkspace` takes them. */
  base: WorkspaceRows;
  businessId: string;
  slug: string;
  technicians: Array<{ id: string; name: string }>;
  tagIds: string[];
  taxRateId: string;
  priceBook: Array<{ id: string; entry: words.DemoPriceBookEntry }>;
  jobTypes: Array<{ id: string; name: string; minutes: number }>;
}

/** The business without customers or jobs, dated relative to `now`. */
export function scaleWorkspace(now: Date, spec: DemoWorkspaceSpec = scaleWorkspaceSpec): ScaleWorkspace {
  const base = generateDemoWorkspace(spec, now);
  const rows = <T>(entity: Parameters<WorkspaceRows['count']>[0]) => (base.tables.get(entity) ?? []) as T[];
  return {
    base,
    businessId: base.businessId,
    slug: spec.slug,
    technicians: rows<{ id: string; name: string; role: string; active: boolean }>(TeamMember)
      .filter((member) => member.role === 'technician' && member.active)
      .map(({ id, name }) => ({ id, name })),
    tagIds: rows<{ id: string }>(Tag).map((tag) => tag.id),
    taxRateId: rows<{ id: string; isDefault: boolean }>(TaxRate).find((rate) => rate.isDefault)!.id,
    priceBook: rows<{ id: string }>(PriceBookItem).map((item, index) => ({
      id: item.id,
      entry: words.priceBook[index]!,
    })),
    jobTypes: rows<{ id: string; name: string; defaultDurationMinutes: number }>(JobType).map((type) => ({
      id: type.id,
      name: type.name,
      minutes: type.defaultDurationMinutes,
    })),
  };
}

/** A position of one kind -> its own 32-bit seed (the kinds' streams kept apart). */
function seedFor(seed: number, kind: number, index: number): number {
  let h = Math.imul(index + 1, 0x9e3779b1) ^ Math.imul(kind + seed, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A uuid-shaped id hashed from its name: a 32-bit generator's ids would collide over millions of rows. */
function stableUuid(name: string): string {
  const hex = createHash('sha256').update(`scale-workspace:${name}`).digest('hex').slice(0, 32).split('');
  hex[12] = '4';
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

const stamps = (at: Date) => ({ createdAt: at, updatedAt: at });

/**
 * The local days of one batch, each computed once: luxon's time-zone arithmetic is most of a row's
 * cost otherwise, and a batch only ever uses a few hundred days. Hours are then plain arithmetic.
 */
class BatchCalendar {
  private readonly starts = new Map<number, number>();
  private readonly weekdays = new Map<number, { utcMidnight: number; offsetMinutes: number }>();

  constructor(private readonly rows: WorkspaceRows) {}

  /** `hours` after the start of the local day `offset` days from today (luxon's `plus({ hours })`). */
  dayPlusHours(offset: number, hours: number): Date {
    let start = this.starts.get(offset);
    if (start === undefined) {
      start = this.rows.localDay(offset).toMillis();
      this.starts.set(offset, start);
    }
    return new Date(start + hours * 3_600_000);
  }

  /**
   * The first weekday at or after the local day `offset` days from today, at a local hour and
   * minute: that day's UTC offset at noon (a daytime hour, so never across a DST change).
   */
  weekdayAt(offset: number, hour: number, minute: number): Date {
    let day = this.weekdays.get(offset);
    if (day === undefined) {
      const noon = this.rows.weekdayFrom(this.rows.localDay(offset)).set({ hour: 12 });
      day = { utcMidnight: Date.UTC(noon.year, noon.month - 1, noon.day), offsetMinutes: noon.offset };
      this.weekdays.set(offset, day);
    }
    return new Date(day.utcMidnight + (hour * 60 + minute - day.offsetMinutes) * 60_000);
  }
}

const CUSTOMER = 1;
const JOB = 2;

function personName(random: SeededRandom): string {
  return `${random.pick(words.firstNames)} ${random.pick(words.lastNames)}`;
}

function street(random: SeededRandom): string {
  return `${random.int(100, 9899)} ${random.pick(words.streetNames)} ${random.pick(words.streetSuffixes)}`;
}

function phone(random: SeededRandom, areaCode: string): string {
  return `(${areaCode}) 555-${String(random.int(100, 9999)).padStart(4, '0')}`;
}

/** Customer `index`: its name and property ids (what a job needs), and its rows added to `rows` when given. */
function customerAt(
  workspace: ScaleWorkspace,
  spec: DemoWorkspaceSpec,
  index: number,
  calendar: BatchCalendar,
  rows: WorkspaceRows | undefined,
): { id: string; name: string; propertyIds: string[] } {
  const random = new SeededRandom(seedFor(spec.seed, CUSTOMER, index));
  const { businessId } = workspace;
  // Every row is built (and draws its random numbers) whether or not it is kept, so a job's look-up
  // of its customer follows the same sequence as the customer's own generation.
  const add = (entity: Parameters<WorkspaceRows['add']>[0], row: object) => rows?.add(entity, row);
  const id = stableUuid(`${businessId}:customer:${index}`);
  const daysBack = random.int(1, 380);
  const hour = random.int(8, 17);
  const since = calendar.dayPlusHours(-daysBack, hour);
  const name = personName(random);
  const commercial = random.chance(0.15);
  const city = random.pick(spec.cities);
  const postalCode = random.pick(city.postalCodes);
  const line1 = street(random);
  const email = `${name.toLowerCase().replace(/[^a-z]+/g, '.')}.${index}@example.com`;
  const customerPhone = phone(random, spec.areaCode);
  add(Customer, {
    id,
    businessId,
    name,
    companyName: commercial ? `${random.pick(words.lastNames)} ${random.pick(words.companySuffixes)}` : null,
    email,
    phone: customerPhone,
    status: random.chance(0.06) ? 'inactive' : 'active',
    addressLine1: line1,
    addressLine2: null,
    city: city.city,
    region: city.region,
    postalCode,
    country: 'US',
    notes: random.chance(0.2) ? random.pick(words.noteTexts) : null,
    ...stamps(since),
  });
  for (const tagId of random.sample(workspace.tagIds, random.int(0, 2)))
    add(CustomerTag, { businessId, customerId: id, tagId });
  if (commercial || random.chance(0.2)) {
    add(CustomerContact, {
      id: stableUuid(`${businessId}:customer:${index}:contact:1`),
      businessId,
      customerId: id,
      name: personName(random),
      role: commercial ? 'Facilities manager' : 'Spouse',
      email: null,
      phone: phone(random, spec.areaCode),
      isPrimary: false,
      ...stamps(since),
    });
  }
  add(CustomerContact, {
    id: stableUuid(`${businessId}:customer:${index}:contact:0`),
    businessId,
    customerId: id,
    name,
    role: 'Owner',
    email,
    phone: customerPhone,
    isPrimary: true,
    ...stamps(since),
  });
  const propertyIds: string[] = [];
  const propertyCount = commercial ? random.int(1, 3) : random.chance(0.1) ? 2 : 1;
  for (let p = 0; p < propertyCount; p += 1) {
    const propertyId = stableUuid(`${businessId}:customer:${index}:property:${p}`);
    propertyIds.push(propertyId);
    const latitude = city.latitude + (random.next() - 0.5) / 10;
    const longitude = city.longitude + (random.next() - 0.5) / 10;
    const addressLine1 = p === 0 ? line1 : street(random);
    add(Property, {
      id: propertyId,
      businessId,
      customerId: id,
      name: p === 0 ? 'Main' : `Site ${p + 1}`,
      addressLine1,
      addressLine2: null,
      city: city.city,
      region: city.region,
      postalCode,
      country: 'US',
      latitude,
      longitude,
      notes: null,
      ...stamps(since),
    });
  }
  return { id, name, propertyIds };
}

/** Customers `start` .. `start + count - 1` with their tags, contacts and properties. */
export function generateScaleCustomers(
  workspace: ScaleWorkspace,
  start: number,
  count: number,
  now: Date,
  spec: DemoWorkspaceSpec = scaleWorkspaceSpec,
): WorkspaceRows {
  const rows = new WorkspaceRows(spec.seed, workspace.businessId, spec.timeZone, spec.currency, now);
  const calendar = new BatchCalendar(rows);
  for (let index = start; index < start + count; index += 1) customerAt(workspace, spec, index, calendar, rows);
  return rows;
}

/**
 * Jobs `start` .. `start + count - 1` (numbers start + 1 ...): each for a customer among the
 * JOBS_PER_CUSTOMER-th of its position and the thousand before it (so a job only needs the customers
 * seeded before it, whatever the scale), from about six months back to four weeks ahead, with its
 * priced lines, its crew and, unless unscheduled, its visit on the schedule.
 */
export function generateScaleJobs(
  workspace: ScaleWorkspace,
  start: number,
  count: number,
  customers: number,
  now: Date,
  spec: DemoWorkspaceSpec = scaleWorkspaceSpec,
): WorkspaceRows {
  const rows = new WorkspaceRows(spec.seed, workspace.businessId, spec.timeZone, spec.currency, now);
  const { businessId } = workspace;
  const calendar = new BatchCalendar(rows);
  for (let index = start; index < start + count; index += 1) {
    const random = new SeededRandom(seedFor(spec.seed, JOB, index));
    const newest = Math.min(Math.floor(index / JOBS_PER_CUSTOMER), customers - 1);
    const customer = customerAt(workspace, spec, newest - random.int(0, Math.min(newest, 1000)), calendar, undefined);
    const propertyId = random.pick(customer.propertyIds);
    const type = random.pick(workspace.jobTypes);
    const offset = random.int(-182, 28);
    const startAt = calendar.weekdayAt(offset, random.int(8, 14), random.pick([0, 30]));
    const end = new Date(startAt.getTime() + type.minutes * 60_000);
    const roll = random.next();
    const status = roll < 0.05 ? 'cancelled' : roll < 0.12 ? 'unscheduled' : end < now ? 'completed' : 'scheduled';
    const scheduled = status !== 'unscheduled';
    const createdAt = new Date(Math.min(startAt.getTime() - random.int(1, 14) * 86_400_000, now.getTime()));
    const lines = random.sample(workspace.priceBook, random.int(1, 4)).map((item) => ({
      item,
      quantity: item.entry.unit === 'ft' ? random.int(5, 60) : item.entry.unit === 'hour' ? random.int(1, 6) / 2 : 1,
      unitPriceMinor: item.entry.priceMinor,
      taxable: item.entry.taxable,
    }));
    const totals = computeTotals(lines, spec.taxBasisPoints);
    const jobId = stableUuid(`${businessId}:job:${index}`);
    rows.add(Job, {
      id: jobId,
      businessId,
      number: index + 1,
      customerId: customer.id,
      propertyId,
      jobTypeId: type.id,
      title: `${type.name} for ${customer.name}`,
      description: null,
      status,
      priority: random.chance(0.1) ? 'high' : 'normal',
      scheduledStart: scheduled ? startAt : null,
      scheduledEnd: scheduled ? end : null,
      completedAt: status === 'completed' ? end : null,
      taxRateId: workspace.taxRateId,
      currency: spec.currency,
      subtotalMinor: totals.subtotalMinor,
      taxMinor: totals.taxMinor,
      totalMinor: totals.totalMinor,
      ...stamps(createdAt),
    });
    lines.forEach((line, position) =>
      rows.add(JobLineItem, {
        id: stableUuid(`${businessId}:job:${index}:line:${position}`),
        businessId,
        jobId,
        position: position + 1,
        priceBookItemId: line.item.id,
        kind: line.item.entry.kind,
        name: line.item.entry.name,
        description: null,
        quantity: line.quantity,
        unitPriceMinor: line.unitPriceMinor,
        taxable: line.taxable,
        amountMinor: totals.lineAmountsMinor[position]!,
        ...stamps(createdAt),
      }),
    );
    const crew = random.sample(workspace.technicians, random.chance(0.2) ? 2 : 1);
    for (const member of crew) rows.add(JobAssignment, { businessId, jobId, teamMemberId: member.id });
    if (scheduled) {
      const visitStatus = status === 'completed' ? 'completed' : status === 'cancelled' ? 'cancelled' : 'scheduled';
      const visitId = stableUuid(`${businessId}:job:${index}:visit`);
      const arrivedAt = visitStatus === 'completed' ? new Date(startAt.getTime() + random.int(0, 20) * 60_000) : null;
      rows.add(Visit, {
        id: visitId,
        businessId,
        jobId,
        scheduledStart: startAt,
        scheduledEnd: end,
        status: visitStatus,
        arrivedAt,
        completedAt: visitStatus === 'completed' ? end : null,
        notes: null,
        ...stamps(createdAt),
      });
      const window = { visitStart: startAt, visitEnd: end, visitStatus };
      for (const member of crew) rows.add(VisitAssignment, { businessId, visitId, teamMemberId: member.id, ...window });
    }
  }
  return rows;
}
