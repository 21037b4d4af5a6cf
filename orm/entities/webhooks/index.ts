import type { EntitySchema } from '@mikro-orm/core';
import { WebhookAttempt } from './webhook-attempt.ts';
import { WebhookDelivery } from './webhook-delivery.ts';
import { WebhookEndpoint } from './webhook-endpoint.ts';

export const webhooksEntities: EntitySchema[] = [WebhookEndpoint, WebhookDelivery, WebhookAttempt];
