import type { EntityData, EntitySchema } from '@mikro-orm/core';
import { Business } from '../../../orm/entities/accounts/business.ts';
import { Membership } from '../../../orm/entities/accounts/membership.ts';
import { Customer } from '../../../orm/entities/field-service/customer.ts';
import { CustomerContact } from '../../../orm/entities/field-service/customer-contact.ts';
import { CustomerTag } from '../../../orm/entities/field-service/customer-tag.ts';
import { Equipment } from '../../../orm/entities/field-service/equipment.ts';
import { Estimate } from '../../../orm/entities/field-service/estimate.ts';
import { EstimateLineItem } from '../../../orm/entities/field-service/estimate-line-item.ts';
import { EstimateOption } from '../../../orm/entities/field-service/estimate-option.ts';
import { Invoice } from '../../../orm/entities/field-service/invoice.ts';
import { InvoiceLineItem } from '../../../orm/entities/field-service/invoice-line-item.ts';
import { Job } from '../../../orm/entities/field-service/job.ts';
import { JobAssignment } from '../../../orm/entities/field-service/job-assignment.ts';
import { JobAttachment } from '../../../orm/entities/field-service/job-attachment.ts';
import { JobLineItem } from '../../../orm/entities/field-service/job-line-item.ts';
import { JobNote } from '../../../orm/entities/field-service/job-note.ts';
import { JobType } from '../../../orm/entities/field-service/job-type.ts';
import { Lead } from '../../../orm/entities/field-service/lead.ts';
import { LeadSource } from '../../../orm/entities/field-service/lead-source.ts';
import { Payment } from '../../../orm/entities/field-service/payment.ts';
import { PriceBookItem } from '../../../orm/entities/field-service/price-book-item.ts';
import { Property } from '../../../orm/entities/field-service/property.ts';
import { Review } from '../../../orm/entities/field-service/review.ts';
import { ServiceAgreement } from '../../../orm/entities/field-service/service-agreement.ts';
import { ServiceAgreementVisit } from '../../../orm/entities/field-service/service-agreement-visit.ts';
import { ServiceZone } from '../../../orm/entities/field-service/service-zone.ts';
import { Tag } from '../../../orm/entities/field-service/tag.ts';
import { TaxRate } from '../../../orm/entities/field-service/tax-rate.ts';
import { TeamMember } from '../../../orm/entities/field-service/team-member.ts';
import { TeamMemberServiceZone } from '../../../orm/entities/field-service/team-member-service-zone.ts';
import { TimeEntry } from '../../../orm/entities/field-service/time-entry.ts';
import { TimeOff } from '../../../orm/entities/field-service/time-off.ts';
import { Visit } from '../../../orm/entities/field-service/visit.ts';
import { VisitAssignment } from '../../../orm/entities/field-service/visit-assignment.ts';

/**
 * The tables a demo business is made of, parents first: the order they are inserted in, whatever
 * order a caller lists them in. Memberships are not among them: the owner is named by e-mail.
 */
export const demoWorkspaceEntities: readonly EntitySchema[] = [
  Business,
  TaxRate,
  Tag,
  ServiceZone,
  TeamMember,
  TeamMemberServiceZone,
  Customer,
  CustomerTag,
  CustomerContact,
  Property,
  Equipment,
  LeadSource,
  Lead,
  PriceBookItem,
  JobType,
  Job,
  JobLineItem,
  JobAssignment,
  Visit,
  VisitAssignment,
  JobNote,
  JobAttachment,
  TimeEntry,
  TimeOff,
  Invoice,
  InvoiceLineItem,
  Payment,
  Review,
  Estimate,
  EstimateOption,
  EstimateLineItem,
  ServiceAgreement,
  ServiceAgreementVisit,
];

/** One table of a demo business: the entity and its rows, in the entity's property names. */
export type WorkspaceTable = readonly [entity: EntitySchema, rows: EntityData<object>[]];

/** The entity a table names (its class name: "Invoice"), if a demo business may hold it. */
export function demoWorkspaceEntity(name: string): EntitySchema | undefined {
  return demoWorkspaceEntities.find((entity) => entity.meta.className === name);
}

/** The given tables in insertion order (parents first). */
export function inInsertOrder(tables: WorkspaceTable[]): WorkspaceTable[] {
  return [...tables].sort(([a], [b]) => demoWorkspaceEntities.indexOf(a) - demoWorkspaceEntities.indexOf(b));
}

/** The owner's membership of a demo business, as a table of one row to insert after the business's own. */
export function ownerMembershipTable(businessId: string, userId: string, createdAt: Date): WorkspaceTable {
  return [Membership, [{ businessId, userId, role: 'owner', createdAt }]];
}
