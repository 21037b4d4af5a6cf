import type { EntityManager } from '@mikro-orm/postgresql';
import { Customer } from '../../../../orm/entities/field-service/customer.ts';
import { JobType } from '../../../../orm/entities/field-service/job-type.ts';
import { PriceBookItem, type IPriceBookItem } from '../../../../orm/entities/field-service/price-book-item.ts';
import { Property } from '../../../../orm/entities/field-service/property.ts';
import { TaxRate, type ITaxRate } from '../../../../orm/entities/field-service/tax-rate.ts';
import { TeamMember } from '../../../../orm/entities/field-service/team-member.ts';
import { AppError } from '../../../errors/index.ts';
import type { CreateJobInput } from '../../../domain/workspace/create-job-input.schema.ts';

/** The same answer for an id of another business as for one that does not exist: it never hints either way. */
export function notFound(field: string, what: string, id: string): AppError {
  const message = `no ${what} with id ${id} in this business`;
  return new AppError('RESOURCE_NOT_FOUND', `Invalid parameter "${field}": ${message}.`, {
    details: [
      {
        parameter: field,
        code: 'not_found',
        message,
        path: field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
      },
    ],
  });
}

export interface JobReferences {
  /** The rate the job is taxed at: the one named, else the business's active default, else none. */
  taxRate: ITaxRate | null;
  /** Every price-book item the lines name, by id. */
  priceBookItems: Map<string, IPriceBookItem>;
}

/**
 * Checks that every id a new job names belongs to the caller's business (the property to the
 * customer too; team members, tax rate and price-book items active), failing on the first that
 * does not with the field that named it.
 */
export async function resolveJobReferences(
  em: EntityManager,
  businessId: string,
  input: CreateJobInput,
): Promise<JobReferences> {
  if (!(await em.count(Customer, { businessId, id: input.customer_id })))
    throw notFound('customer_id', 'customer', input.customer_id);
  if (
    input.property_id &&
    !(await em.count(Property, { businessId, id: input.property_id, customerId: input.customer_id }))
  ) {
    throw notFound('property_id', 'property of this customer', input.property_id);
  }
  if (input.job_type_id && !(await em.count(JobType, { businessId, id: input.job_type_id })))
    throw notFound('job_type_id', 'job type', input.job_type_id);
  const assignees = input.assigned_team_member_ids ?? [];
  if (assignees.length > 0) {
    const found = await em.find(TeamMember, { businessId, id: { $in: assignees }, active: true }, { fields: ['id'] });
    const missing = assignees.findIndex((id) => !found.some((member) => member.id === id));
    if (missing >= 0) throw notFound(`assigned_team_member_ids.${missing}`, 'active team member', assignees[missing]!);
  }
  const taxRate = input.tax_rate_id
    ? await em.findOne(TaxRate, { businessId, id: input.tax_rate_id, active: true })
    : await em.findOne(TaxRate, { businessId, isDefault: true, active: true });
  if (input.tax_rate_id && !taxRate) throw notFound('tax_rate_id', 'active tax rate', input.tax_rate_id);
  const itemIds = [
    ...new Set(input.line_items.flatMap((line) => ('price_book_item_id' in line ? [line.price_book_item_id] : []))),
  ];
  const items = itemIds.length ? await em.find(PriceBookItem, { businessId, id: { $in: itemIds }, active: true }) : [];
  const priceBookItems = new Map(items.map((item) => [item.id, item]));
  input.line_items.forEach((line, index) => {
    if ('price_book_item_id' in line && !priceBookItems.has(line.price_book_item_id)) {
      throw notFound(`line_items.${index}.price_book_item_id`, 'active price-book item', line.price_book_item_id);
    }
  });
  return { taxRate, priceBookItems };
}
