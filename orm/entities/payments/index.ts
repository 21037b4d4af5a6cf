import type { EntitySchema } from '@mikro-orm/core';
import { PaymentReceived } from './payment-received.ts';

export const paymentsEntities: EntitySchema[] = [PaymentReceived];
