import { randomUUID } from 'node:crypto';
import { defineEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';

export const serviceAgreementVisitStatuses = ['planned', 'scheduled', 'completed', 'skipped'] as const;

/** A visit an agreement owes on a planned date; linked to the real visit once it is booked. */
export const ServiceAgreementVisit = defineEntity({
  name: 'ServiceAgreementVisit',
  tableName: 'service_agreement_visits',
  uniques: [{ name: 'service_agreement_visits_business_id_id_unique', properties: ['businessId', 'id'] }],
  indexes: [{ name: 'service_agreement_visits_idx', properties: ['businessId', 'agreementId', 'plannedFor'] }],
  properties: (p) => ({
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    businessId: businessReference(),
    agreementId: p.uuid(),
    plannedFor: p.date(),
    visitId: p.uuid().nullable(),
    status: p
      .enum([...serviceAgreementVisitStatuses])
      .columnType('varchar(20)')
      .default('planned'),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});
