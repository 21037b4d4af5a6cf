import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';
import { Customer } from '../../../orm/entities/field-service/customer.ts';
import { Job } from '../../../orm/entities/field-service/job.ts';
import { JobType } from '../../../orm/entities/field-service/job-type.ts';
import { Property } from '../../../orm/entities/field-service/property.ts';
import { ServiceZone } from '../../../orm/entities/field-service/service-zone.ts';
import { TeamMember } from '../../../orm/entities/field-service/team-member.ts';
import { TeamMemberServiceZone } from '../../../orm/entities/field-service/team-member-service-zone.ts';
import { TimeOff } from '../../../orm/entities/field-service/time-off.ts';
import { Visit } from '../../../orm/entities/field-service/visit.ts';
import { VisitAssignment } from '../../../orm/entities/field-service/visit-assignment.ts';
import type { IJob } from '../../../orm/entities/field-service/job.ts';
import type { TeamMemberWorkingHours } from '../../../orm/entities/field-service/team-member.ts';
import type { ITimeOff } from '../../../orm/entities/field-service/time-off.ts';
import type { IVisit } from '../../../orm/entities/field-service/visit.ts';
import { createTestBusiness, fixtureEm, type TestBusiness } from '../../helpers/workspace.ts';

/** Mon-Fri between two local times. */
export function weekdays(start: string, end: string): TeamMemberWorkingHours[] {
  return [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start, end }));
}

/** A business-local wall-clock time ("2026-11-03T10:00") as an instant. */
export function local(wallClock: string, zone = 'America/Chicago'): Date {
  return DateTime.fromISO(wallClock, { zone }).toJSDate();
}

/** Hand-made scheduling fixtures inside one fresh business; every insert is flushed at once. */
export class SchedulingFixtures {
  private jobNumber = 1000;

  private constructor(
    readonly business: TestBusiness,
    private readonly em: EntityManager,
  ) {}

  static async create(options: { timeZone?: string } = {}): Promise<SchedulingFixtures> {
    return new SchedulingFixtures(
      await createTestBusiness({ timeZone: options.timeZone ?? 'America/Chicago' }),
      fixtureEm(),
    );
  }

  get id(): string {
    return this.business.id;
  }

  async member(
    name: string,
    options: {
      active?: boolean;
      hours?: TeamMemberWorkingHours[];
      role?: 'technician' | 'dispatcher' | 'manager' | 'office';
    } = {},
  ) {
    const member = this.em.create(TeamMember, {
      businessId: this.id,
      name,
      role: options.role ?? 'technician',
      active: options.active ?? true,
      workingHours: options.hours ?? weekdays('08:00', '17:00'),
      skills: [],
    });
    await this.em.flush();
    return member;
  }

  async customer(name: string) {
    const customer = this.em.create(Customer, { businessId: this.id, name });
    await this.em.flush();
    return customer;
  }

  async property(
    customerId: string,
    fields: { name?: string; line1: string; city: string; postalCode: string; region?: string },
  ) {
    const property = this.em.create(Property, {
      businessId: this.id,
      customerId,
      name: fields.name ?? null,
      addressLine1: fields.line1,
      city: fields.city,
      postalCode: fields.postalCode,
      region: fields.region ?? null,
      country: 'US',
    });
    await this.em.flush();
    return property;
  }

  async jobType(name: string) {
    const jobType = this.em.create(JobType, { businessId: this.id, name });
    await this.em.flush();
    return jobType;
  }

  async job(
    customerId: string,
    title: string,
    options: {
      propertyId?: string;
      jobTypeId?: string;
      status?: IJob['status'];
      createdAt?: Date;
      priority?: IJob['priority'];
      windowStart?: Date;
      windowEnd?: Date;
    } = {},
  ) {
    const job = this.em.create(Job, {
      businessId: this.id,
      number: ++this.jobNumber,
      customerId,
      propertyId: options.propertyId ?? null,
      jobTypeId: options.jobTypeId ?? null,
      title,
      status: options.status ?? 'unscheduled',
      priority: options.priority ?? 'normal',
      scheduledStart: options.windowStart ?? null,
      scheduledEnd: options.windowEnd ?? null,
      currency: 'USD',
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    });
    await this.em.flush();
    return job;
  }

  async visit(
    jobId: string,
    start: Date,
    end: Date,
    options: {
      status?: IVisit['status'];
      memberIds?: string[];
      notes?: string;
      arrivedAt?: Date;
      completedAt?: Date;
    } = {},
  ) {
    const visit = this.em.create(Visit, {
      businessId: this.id,
      jobId,
      scheduledStart: start,
      scheduledEnd: end,
      status: options.status ?? 'scheduled',
      notes: options.notes ?? null,
      arrivedAt: options.arrivedAt ?? null,
      completedAt: options.completedAt ?? null,
    });
    await this.em.flush();
    for (const teamMemberId of options.memberIds ?? [])
      this.em.create(VisitAssignment, {
        businessId: this.id,
        visitId: visit.id,
        teamMemberId,
        visitStart: visit.scheduledStart,
        visitEnd: visit.scheduledEnd,
        visitStatus: visit.status,
      });
    await this.em.flush();
    return visit;
  }

  async timeOff(
    teamMemberId: string,
    start: Date,
    end: Date,
    status: ITimeOff['status'] = 'approved',
    reason: string | null = null,
  ) {
    const entry = this.em.create(TimeOff, {
      businessId: this.id,
      teamMemberId,
      startsAt: start,
      endsAt: end,
      status,
      reason,
    });
    await this.em.flush();
    return entry;
  }

  async zone(name: string, postalCodes: string[], memberIds: string[] = []) {
    const zone = this.em.create(ServiceZone, { businessId: this.id, name, postalCodes });
    await this.em.flush();
    for (const teamMemberId of memberIds)
      this.em.create(TeamMemberServiceZone, { businessId: this.id, teamMemberId, serviceZoneId: zone.id });
    await this.em.flush();
    return zone;
  }
}
