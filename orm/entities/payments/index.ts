import type { EntitySchema } from '@mikro-orm/core';
import { PaymentReceived } from './payment-received.ts';
import { SignInNonce } from './sign-in-nonce.ts';

export const paymentsEntities: EntitySchema[] = [PaymentReceived, SignInNonce];
