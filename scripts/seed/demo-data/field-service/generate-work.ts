import { Job } from '../../../../orm/entities/field-service/job.ts';
import { JobAssignment } from '../../../../orm/entities/field-service/job-assignment.ts';
import { JobAttachment } from '../../../../orm/entities/field-service/job-attachment.ts';
import { JobLineItem } from '../../../../orm/entities/field-service/job-line-item.ts';
import { JobNote } from '../../../../orm/entities/field-service/job-note.ts';
import { JobType } from '../../../../orm/entities/field-service/job-type.ts';
import { PriceBookItem } from '../../../../orm/entities/field-service/price-book-item.ts';
import { TimeEntry } from '../../../../orm/entities/field-service/time-entry.ts';
import { TimeOff } from '../../../../orm/entities/field-service/time-off.ts';
import { Visit } from '../../../../orm/entities/field-service/visit.ts';
import { VisitAssignment } from '../../../../orm/entities/field-service/visit-assignment.ts';
import { computeTotals, type PricedLine } from '../../../../core/services/workspace/totals.ts';
import * as words from './catalogue.ts';
import type { Parties } from './generate-parties.ts';
import type { DemoWorkspaceSpec } from './specs.ts';
import type { WorkspaceRows } from './workspace-rows.ts';

export interface PricedItem {
  id: string;
  entry: words.DemoPriceBookEntry;
}

export interface FinishedJob {
  id: string;
  customerId: string;
  propertyId: string;
  completedAt: Date;
  lines: Array<PricedLine & { item: PricedItem }>;
}

const stamps = (at: Date) => ({ createdAt: at, updatedAt: at });

export function generatePriceBook(rows: WorkspaceRows): PricedItem[] {
  const at = rows.localDay(-400).toJSDate();
  return words.priceBook.map((entry, index) => {
    const item = rows.add(PriceBookItem, {
      id: rows.id(),
      businessId: rows.businessId,
      kind: entry.kind,
      name: entry.name,
      description: null,
      category: entry.category,
      sku: `${entry.kind === 'service' ? 'SV' : 'MT'}-${String(index + 1).padStart(3, '0')}`,
      unit: entry.unit,
      unitPriceMinor: entry.priceMinor,
      unitCostMinor: entry.costMinor ?? null,
      taxable: entry.taxable,
      active: true,
      ...stamps(at),
    });
    return { id: item.id, entry };
  });
}

/**
 * Jobs from about six months back to four weeks ahead: past ones mostly completed, upcoming ones
 * scheduled inside working hours, a few unscheduled or cancelled; each with priced lines, visits,
 * assignees, notes, attachments and (for recent completed work) time entries.
 */
export function generateWork(
  rows: WorkspaceRows,
  spec: DemoWorkspaceSpec,
  parties: Parties,
  priceBook: PricedItem[],
): FinishedJob[] {
  const { businessId } = rows;
  const typeAt = rows.localDay(-400).toJSDate();
  const types = words.jobTypes.map((type) =>
    rows.add(JobType, {
      id: rows.id(),
      businessId,
      name: type.name,
      description: null,
      defaultDurationMinutes: type.minutes,
      color: type.color,
      ...stamps(typeAt),
    }),
  );
  const technicians = parties.team.filter((member) => member.technician);
  const finished: FinishedJob[] = [];

  for (let number = 1; number <= spec.jobs; number += 1) {
    const customer = rows.random.pick(parties.customers);
    const propertyId = rows.random.pick(parties.propertiesByCustomer.get(customer.id)!);
    const type = rows.random.pick(types);
    const offset = Math.round(-182 + (210 * number) / spec.jobs) + rows.random.int(-2, 2);
    const day = rows.weekdayFrom(rows.localDay(offset));
    const start = rows.at(day, rows.random.int(8, 14), rows.random.pick([0, 30]));
    const end = new Date(start.getTime() + type.defaultDurationMinutes * 60_000);
    const past = end < rows.now;
    const roll = rows.random.next();
    const status = roll < 0.05 ? 'cancelled' : roll < 0.12 ? 'unscheduled' : past ? 'completed' : 'scheduled';
    const scheduled = status !== 'unscheduled';
    const createdAt = new Date(Math.min(start.getTime() - rows.random.int(1, 14) * 86_400_000, rows.now.getTime()));

    const picks = rows.random.sample(priceBook, rows.random.int(1, 4));
    const lines = picks.map((item) => ({
      item,
      quantity:
        item.entry.unit === 'ft' ? rows.random.int(5, 60) : item.entry.unit === 'hour' ? rows.random.int(1, 6) / 2 : 1,
      unitPriceMinor: item.entry.priceMinor,
      taxable: item.entry.taxable,
    }));
    const totals = computeTotals(lines, spec.taxBasisPoints);
    const job = rows.add(Job, {
      id: rows.id(),
      businessId,
      number,
      customerId: customer.id,
      propertyId,
      jobTypeId: type.id,
      title: `${type.name} for ${customer.name}`,
      description: null,
      status,
      priority: rows.random.chance(0.1) ? 'high' : 'normal',
      scheduledStart: scheduled ? start : null,
      scheduledEnd: scheduled ? end : null,
      completedAt: status === 'completed' ? end : null,
      taxRateId: parties.taxRateId,
      currency: spec.currency,
      subtotalMinor: totals.subtotalMinor,
      taxMinor: totals.taxMinor,
      totalMinor: totals.totalMinor,
      ...stamps(createdAt),
    });
    lines.forEach((line, index) =>
      rows.add(JobLineItem, {
        id: rows.id(),
        businessId,
        jobId: job.id,
        position: index + 1,
        priceBookItemId: line.item.id,
        kind: line.item.entry.kind,
        name: line.item.entry.name,
        description: null,
        quantity: line.quantity,
        unitPriceMinor: line.unitPriceMinor,
        taxable: line.taxable,
        amountMinor: totals.lineAmountsMinor[index]!,
        ...stamps(createdAt),
      }),
    );
    const crew = rows.random.sample(technicians, rows.random.chance(0.2) ? 2 : 1);
    for (const member of crew) rows.add(JobAssignment, { businessId, jobId: job.id, teamMemberId: member.id });

    if (scheduled) {
      const visitStatus = status === 'completed' ? 'completed' : status === 'cancelled' ? 'cancelled' : 'scheduled';
      const visit = rows.add(Visit, {
        id: rows.id(),
        businessId,
        jobId: job.id,
        scheduledStart: start,
        scheduledEnd: end,
        status: visitStatus,
        arrivedAt: visitStatus === 'completed' ? new Date(start.getTime() + rows.random.int(0, 20) * 60_000) : null,
        completedAt: visitStatus === 'completed' ? end : null,
        notes: null,
        ...stamps(createdAt),
      });
      for (const member of crew) {
        rows.add(VisitAssignment, {
          businessId,
          visitId: visit.id,
          teamMemberId: member.id,
          visitStart: start,
          visitEnd: end,
          visitStatus,
        });
        if (visitStatus === 'completed' && offset > -30) {
          rows.add(TimeEntry, {
            id: rows.id(),
            businessId,
            teamMemberId: member.id,
            jobId: job.id,
            visitId: visit.id,
            kind: 'work',
            startedAt: visit.arrivedAt!,
            endedAt: end,
            notes: null,
            ...stamps(end),
          });
        }
      }
    }
    if (rows.random.chance(0.35)) {
      rows.add(JobNote, {
        id: rows.id(),
        businessId,
        jobId: job.id,
        teamMemberId: crew[0]?.id ?? null,
        authorName: crew[0]?.name ?? 'Office',
        body: rows.random.pick(words.noteTexts),
        ...stamps(createdAt),
      });
    }
    if (status === 'completed' && rows.random.chance(0.25)) {
      rows.add(JobAttachment, {
        id: rows.id(),
        businessId,
        jobId: job.id,
        fileName: `job-${number}-photo.jpg`,
        contentType: 'image/jpeg',
        sizeBytes: rows.random.int(150_000, 4_000_000),
        storageKey: `attachments/${businessId}/${job.id}/photo.jpg`,
        uploadedBy: crew[0]?.name ?? null,
        ...stamps(end),
      });
    }
    if (status === 'completed')
      finished.push({ id: job.id, customerId: customer.id, propertyId, completedAt: end, lines });
  }

  for (const member of technicians.slice(0, 3)) {
    const first = rows.weekdayFrom(rows.localDay(rows.random.int(3, 25)));
    rows.add(TimeOff, {
      id: rows.id(),
      businessId,
      teamMemberId: member.id,
      startsAt: rows.at(first, 0),
      endsAt: rows.at(first.plus({ days: rows.random.int(1, 3) }), 0),
      reason: rows.random.pick(['Vacation', 'Training', 'Medical appointment']),
      status: 'approved',
      ...stamps(rows.now),
    });
  }
  return finished;
}
