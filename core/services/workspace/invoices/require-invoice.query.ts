import type { EntityManager } from '@mikro-orm/postgresql';
import { Invoice } from '../../../../orm/entities/field-service/invoice.ts';
import { AppError } from '../../../errors/index.ts';

/** An invoice_id filter must name an invoice of this business; one of another business answers like an unknown one. */
export async function requireInvoice(
  em: EntityManager,
  businessId: string,
  invoiceId: string | undefined,
): Promise<void> {
  if (invoiceId && !(await em.count(Invoice, { businessId, id: invoiceId }))) {
    throw new AppError('RESOURCE_NOT_FOUND', `No invoice with id ${invoiceId} in this business.`);
  }
}
