import { AppError } from '../../errors/index.ts';
import type { PresentedPayment } from './purchase.ts';

/**
 * The x402 payment-identifier rules a presented payment must meet before anything is reserved: a
 * malformed id is 400 PAYMENT_INVALID, none while the 402 declares it required is 400
 * PAYMENT_IDENTIFIER_REQUIRED. Answers the id to reserve under (null: none). The rest of the
 * extension (same id and payload: the stored answer; another payload: 409) is the reservation's.
 */
export function checkedIdentifier(
  payment: Extract<PresentedPayment, { kind: 'present' }>,
  required: boolean,
): string | null {
  const identifier = payment.identifier ?? { kind: 'none' };
  if (identifier.kind === 'invalid')
    throw new AppError('PAYMENT_INVALID', `Invalid payment-identifier extension: ${identifier.reason}`);
  if (identifier.kind === 'id') return identifier.id;
  if (required)
    throw new AppError(
      'PAYMENT_IDENTIFIER_REQUIRED',
      'This server requires the payment-identifier extension: the payment carries no extensions["payment-identifier"].info.id.',
    );
  return null;
}
