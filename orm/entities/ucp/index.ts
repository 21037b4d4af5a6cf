import type { EntitySchema } from '@mikro-orm/core';
import { UcpCheckoutSession } from './checkout-session.ts';

export const ucpEntities: EntitySchema[] = [UcpCheckoutSession];
