import { DateTime } from 'luxon';
import { Estimate } from '../../../../orm/entities/field-service/estimate.ts';
import { EstimateLineItem } from '../../../../orm/entities/field-service/estimate-line-item.ts';
import { EstimateOption } from '../../../../orm/entities/field-service/estimate-option.ts';
import { Invoice } from '../../../../orm/entities/field-service/invoice.ts';
import { InvoiceLineItem } from '../../../../orm/entities/field-service/invoice-line-item.ts';
import { Payment } from '../../../../orm/entities/field-service/payment.ts';
import { Review } from '../../../../orm/entities/field-service/review.ts';
import { ServiceAgreement } from '../../../../orm/entities/field-service/service-agreement.ts';
import { ServiceAgreementVisit } from '../../../../orm/entities/field-service/service-agreement-visit.ts';
import { computeTotals } from '../../../../core/services/workspace/totals.ts';
import * as words from './catalogue.ts';
import type { Parties } from './generate-parties.ts';
import type { FinishedJob, PricedItem } from './generate-work.ts';
import type { DemoWorkspaceSpec } from './specs.ts';
import type { WorkspaceRows } from './workspace-rows.ts';

const stamps = (at: Date) => ({ createdAt: at, updatedAt: at });
const methods = ['card', 'card', 'card', 'ach', 'check', 'cash'] as const;

/** Invoices (with payments) for completed jobs, and reviews of some of them. */
export function generateBilling(rows: WorkspaceRows, spec: DemoWorkspaceSpec, finished: FinishedJob[]): void {
  const { businessId } = rows;
  finished.forEach((job, index) => {
    const issued = DateTime.fromJSDate(job.completedAt, { zone: rows.timeZone }).startOf('day');
    const age = rows.now.getTime() - job.completedAt.getTime();
    const roll = rows.random.next();
    const status =
      age < 2 * 86_400_000 && roll < 0.5
        ? 'draft'
        : roll < 0.04
          ? 'void'
          : age > 20 * 86_400_000 && roll < 0.8
            ? 'paid'
            : 'open';
    const totals = computeTotals(job.lines, spec.taxBasisPoints);
    const invoice = rows.add(Invoice, {
      id: rows.id(),
      businessId,
      number: 1001 + index,
      customerId: job.customerId,
      jobId: job.id,
      status,
      issuedOn: status === 'draft' ? null : rows.isoDate(issued),
      dueOn: status === 'draft' ? null : rows.isoDate(issued.plus({ days: 30 })),
      currency: spec.currency,
      subtotalMinor: totals.subtotalMinor,
      taxMinor: totals.taxMinor,
      totalMinor: totals.totalMinor,
      ...stamps(job.completedAt),
    });
    job.lines.forEach((line, position) =>
      rows.add(InvoiceLineItem, {
        id: rows.id(),
        businessId,
        invoiceId: invoice.id,
        position: position + 1,
        priceBookItemId: line.item.id,
        kind: line.item.entry.kind,
        name: line.item.entry.name,
        description: null,
        quantity: line.quantity,
        unitPriceMinor: line.unitPriceMinor,
        taxable: line.taxable,
        amountMinor: totals.lineAmountsMinor[position]!,
        ...stamps(job.completedAt),
      }),
    );
    const paidPart =
      status === 'paid'
        ? totals.totalMinor
        : status === 'open' && rows.random.chance(0.2)
          ? Math.floor(totals.totalMinor / 2)
          : 0;
    if (paidPart > 0) {
      const received = new Date(
        Math.min(job.completedAt.getTime() + rows.random.int(0, 20) * 86_400_000, rows.now.getTime()),
      );
      rows.add(Payment, {
        id: rows.id(),
        businessId,
        customerId: job.customerId,
        invoiceId: invoice.id,
        amountMinor: paidPart,
        currency: spec.currency,
        method: rows.random.pick(methods),
        status: 'succeeded',
        receivedAt: received,
        reference: `PMT-${rows.random.int(100_000, 999_999)}`,
        ...stamps(received),
      });
    }
    if (rows.random.chance(0.3)) {
      const reviewed = new Date(
        Math.min(job.completedAt.getTime() + rows.random.int(1, 6) * 86_400_000, rows.now.getTime()),
      );
      rows.add(Review, {
        id: rows.id(),
        businessId,
        customerId: job.customerId,
        jobId: job.id,
        rating: rows.random.pick([5, 5, 5, 4, 4, 3, 2, 1]),
        comment: rows.random.pick(words.reviewComments),
        reviewerName: `Customer ${index + 1}`,
        source: rows.random.pick(['internal', 'google', 'yelp'] as const),
        reviewedAt: reviewed,
        ...stamps(reviewed),
      });
    }
  });
}

/** Estimates with one to three options ("good / better / best"), each with priced lines. */
export function generateEstimates(
  rows: WorkspaceRows,
  spec: DemoWorkspaceSpec,
  parties: Parties,
  priceBook: PricedItem[],
): void {
  const { businessId } = rows;
  for (let number = 1; number <= spec.estimates; number += 1) {
    const customer = rows.random.pick(parties.customers);
    const issued = rows.localDay(-rows.random.int(0, 90));
    const status = rows.random.pick(['draft', 'sent', 'sent', 'approved', 'declined', 'expired'] as const);
    const createdAt = issued.plus({ hours: 10 }).toJSDate();
    const estimate = rows.add(Estimate, {
      id: rows.id(),
      businessId,
      number,
      customerId: customer.id,
      propertyId: parties.propertiesByCustomer.get(customer.id)![0],
      jobId: null,
      title: `${rows.random.pick(words.jobTypes).name} proposal`,
      status,
      currency: spec.currency,
      issuedOn: status === 'draft' ? null : rows.isoDate(issued),
      validUntil: rows.isoDate(issued.plus({ days: 30 })),
      approvedOptionId: null as string | null,
      notes: null,
      ...stamps(createdAt),
    });
    const optionNames = ['Good', 'Better', 'Best'].slice(0, rows.random.int(1, 3));
    const optionIds = optionNames.map((name, position) => {
      const lines = rows.random.sample(priceBook, position + 2).map((item) => ({
        item,
        quantity: item.entry.unit === 'ft' ? 20 : 1,
        unitPriceMinor: item.entry.priceMinor,
        taxable: item.entry.taxable,
      }));
      const totals = computeTotals(lines, spec.taxBasisPoints);
      const option = rows.add(EstimateOption, {
        id: rows.id(),
        businessId,
        estimateId: estimate.id,
        position: position + 1,
        name,
        description: null,
        currency: spec.currency,
        subtotalMinor: totals.subtotalMinor,
        taxMinor: totals.taxMinor,
        totalMinor: totals.totalMinor,
        ...stamps(createdAt),
      });
      lines.forEach((line, index) =>
        rows.add(EstimateLineItem, {
          id: rows.id(),
          businessId,
          estimateOptionId: option.id,
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
      return option.id;
    });
    if (status === 'approved') estimate.approvedOptionId = rows.random.pick(optionIds);
  }
}

/** Maintenance agreements with a planned visit per period of the year. */
export function generateAgreements(rows: WorkspaceRows, spec: DemoWorkspaceSpec, parties: Parties): void {
  const { businessId } = rows;
  for (const customer of rows.random.sample(parties.customers, spec.agreements)) {
    const starts = rows.localDay(-rows.random.int(0, 330));
    const visitsPerYear = rows.random.pick([1, 2, 2, 4]);
    const frequency = rows.random.pick(['monthly', 'quarterly', 'annually'] as const);
    const status = rows.random.chance(0.85) ? 'active' : rows.random.pick(['paused', 'cancelled'] as const);
    const agreement = rows.add(ServiceAgreement, {
      id: rows.id(),
      businessId,
      customerId: customer.id,
      propertyId: parties.propertiesByCustomer.get(customer.id)![0],
      name: `Comfort Club ${visitsPerYear === 1 ? 'Basic' : 'Plus'}`,
      status,
      startsOn: rows.isoDate(starts),
      endsOn: rows.isoDate(starts.plus({ years: 1 }).minus({ days: 1 })),
      billingFrequency: frequency,
      priceMinor: { monthly: 1_900, quarterly: 5_400, annually: 19_900 }[frequency] * visitsPerYear,
      currency: spec.currency,
      visitsPerYear,
      autoRenew: rows.random.chance(0.7),
      ...stamps(starts.toJSDate()),
    });
    for (let visit = 0; visit < visitsPerYear; visit += 1) {
      const planned = starts.plus({ months: Math.floor((12 * visit) / visitsPerYear) + 1 });
      const done = planned < rows.localDay(0);
      rows.add(ServiceAgreementVisit, {
        id: rows.id(),
        businessId,
        agreementId: agreement.id,
        plannedFor: rows.isoDate(planned),
        visitId: null,
        status: done ? (rows.random.chance(0.9) ? 'completed' : 'skipped') : 'planned',
        ...stamps(starts.toJSDate()),
      });
    }
  }
}
