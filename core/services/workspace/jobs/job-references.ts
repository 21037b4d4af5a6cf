import type { EntityManager } from '@mikro-orm/postgresql';
import { Customer } from '../../../../orm/entities/field-service/customer.ts';
import { JobType } from '../../../../orm/entities/field-service/job-type.ts';
import { PriceBookItem, type IPriceBookItem } from '../../../../orm/entities/field-service/price-book-item.ts';
import { Property } from '../../../../orm/entities/field-service/property.ts';
import { TaxRate, type ITaxRate } from '../../../../orm/entities/field-service/tax-rate.ts';
import { TeamMember } from '../../../../orm/entities/field-service/team-member.ts';
import { AppError } from '../../../errors/index.ts';
import type { CreateJobInput } from '../../../routers/workspace/jobs/create-job.schema.ts';

function notFound(field: string, what: string, id: string): AppError {
  return new AppError('RESOURCE_NOT_FOUND', `Invalid "${field}": no ${what} with id ${id} in this business.`, {
    details: [{ parameter: field, code: 'not_found', message: `no ${what} with this id in this business`, path: field.split('.') }],
  });
}

export interface JobReferences {
  taxRate: ITaxRate | null;
  priceBookItems: Map<string, IPriceBookItem>;
}

/**
 * Checks that every id a new job names belongs to the caller's business (and the property to the
 * customer, team members and tax rate active, price-book items active), naming the field of the
 * first one that does not. Foreign ids are reported exactly like unknown ones.
 */
export async function resolveJobReferences(em: EntityManager, businessId: string, input: CreateJobInput): Promise<JobReferences> {
  if (!(await em.count(Customer, { businessId, id: input.customer_id }))) throw notFound('customer_id', 'customer', input.customer_id);
  if (input.property_id && !(await em.count(Property, { businessId, id: input.property_id, customerId: input.customer_id }))) {
    throw notFound('property_id', 'property of this customer', input.property_id);
  }
  if (input.job_type_id && !(await em.count(JobType, { businessId, id: input.job_type_id }))) throw notFound('job_type_id', 'job type', input.job_type_id);
  const assignees = input.assigned_team_member_ids ?? [];
  if (new Set(assignees).size !== assignees.length) {
    throw new AppError('VALIDATION_FAILED', 'Invalid parameter "assigned_team_member_ids": a team member is listed twice.', {
      details: [{ parameter: 'assigned_team_member_ids', code: 'duplicate', message: 'a team member is listed twice', path: ['assigned_team_member_ids'] }],
    });
  }
  if (assignees.length > 0) {
    const found = await em.find(TeamMember, { businessId, id: { $in: assignees }, active: true }, { fields: ['id'] });
    const missing = assignees.findIndex((id) => !found.some((member) => member.id === id));
    if (missing >= 0) throw notFound(`assigned_team_member_ids.${missing}`, 'active team member', assignees[missing]!);
  }
  const taxRate = input.tax_rate_id
    ? await em.findOne(TaxRate, { businessId, id: input.tax_rate_id, active: true })
    : await em.findOne(TaxRate, { businessId, isDefault: true, active: true });
  if (input.tax_rate_id && !taxRate) throw notFound('tax_rate_id', 'active tax rate', input.tax_rate_id);
  const itemIds = input.line_items.flatMap((line) => ('price_book_item_id' in line ? [line.price_book_item_id] : []));
  const items = itemIds.length ? await em.find(PriceBookItem, { businessId, id: { $in: itemIds }, active: true }) : [];
  const priceBookItems = new Map(items.map((item) => [item.id, item]));
  input.line_items.forEach((line, index) => {
    if ('price_book_item_id' in line && !priceBookItems.has(line.price_book_item_id)) {
      throw notFound(`line_items.${index}.price_book_item_id`, 'active price-book item', line.price_book_item_id);
    }
  });
  return { taxRate, priceBookItems };
}
