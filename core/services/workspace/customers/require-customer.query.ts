import type { EntityManager } from '@mikro-orm/postgresql';
import { Customer } from '../../../../orm/entities/field-service/customer.ts';
import { AppError } from '../../../errors/index.ts';

export function customerNotFound(customerId: string): AppError {
  return new AppError('RESOURCE_NOT_FOUND', `No customer with id ${customerId} in this business.`);
}

/** A customer_id filter or reference must name a customer of this business (else not found, like any other id). */
export async function requireCustomer(
  em: EntityManager,
  businessId: string,
  customerId: string | undefined,
): Promise<void> {
  if (customerId === undefined) return;
  if (!(await em.count(Customer, { businessId, id: customerId }))) throw customerNotFound(customerId);
}
