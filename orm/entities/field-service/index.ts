import type { EntitySchema } from '@mikro-orm/core';
import { Customer } from './customer.ts';
import { CustomerContact } from './customer-contact.ts';
import { CustomerTag } from './customer-tag.ts';
import { Equipment } from './equipment.ts';
import { Estimate } from './estimate.ts';
import { EstimateLineItem } from './estimate-line-item.ts';
import { EstimateOption } from './estimate-option.ts';
import { Invoice } from './invoice.ts';
import { InvoiceLineItem } from './invoice-line-item.ts';
import { Job } from './job.ts';
import { JobAssignment } from './job-assignment.ts';
import { JobAttachment } from './job-attachment.ts';
import { JobLineItem } from './job-line-item.ts';
import { JobNote } from './job-note.ts';
import { JobType } from './job-type.ts';
import { Lead } from './lead.ts';
import { LeadSource } from './lead-source.ts';
import { OutboxEntitySequence } from './outbox-entity-sequence.ts';
import { OutboxEvent } from './outbox-event.ts';
import { Payment } from './payment.ts';
import { PriceBookItem } from './price-book-item.ts';
import { Property } from './property.ts';
import { Review } from './review.ts';
import { ServiceAgreement } from './service-agreement.ts';
import { ServiceAgreementVisit } from './service-agreement-visit.ts';
import { ServiceZone } from './service-zone.ts';
import { Tag } from './tag.ts';
import { TaxRate } from './tax-rate.ts';
import { TeamMember } from './team-member.ts';
import { TeamMemberServiceZone } from './team-member-service-zone.ts';
import { TimeEntry } from './time-entry.ts';
import { TimeOff } from './time-off.ts';
import { Visit } from './visit.ts';
import { VisitAssignment } from './visit-assignment.ts';

/** In migration order: one entity per table of Migration20261124000100_field_service. */
export const fieldServiceEntities: EntitySchema[] = [
  Tag,
  TaxRate,
  Customer,
  CustomerTag,
  CustomerContact,
  Property,
  Equipment,
  LeadSource,
  Lead,
  JobType,
  TeamMember,
  ServiceZone,
  TeamMemberServiceZone,
  PriceBookItem,
  Job,
  JobAssignment,
  JobLineItem,
  JobNote,
  JobAttachment,
  Visit,
  VisitAssignment,
  TimeEntry,
  TimeOff,
  Estimate,
  EstimateOption,
  EstimateLineItem,
  Invoice,
  InvoiceLineItem,
  Payment,
  ServiceAgreement,
  ServiceAgreementVisit,
  Review,
  OutboxEvent,
  OutboxEntitySequence,
];
