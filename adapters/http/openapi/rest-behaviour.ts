import type { OpenAPIObject } from 'trpc-to-openapi';
import type { RestMeta } from '../../../core/procedures/meta.ts';
import type { RestOperation } from '../../../core/procedures/rest-operations.ts';

type Operation = NonNullable<OpenAPIObject['paths']>[string]['get'] & {};

/** The `rest` meta of each REST operation whose procedure has one, by "method path" (an alias path has its procedure's). */
export function restBehaviours(operations: readonly RestOperation[]): Map<string, RestMeta> {
  const found = new Map<string, RestMeta>();
  for (const { procedure, openapi } of operations) {
    const rest = procedure.meta?.rest;
    if (rest) found.set(`${openapi.method.toLowerCase()} ${openapi.path}`, rest);
  }
  return found;
}

const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header' as const,
  required: false,
  description:
    'Optional, 1 to 128 visible ASCII characters (0x21 to 0x7E), e.g. a UUID, one key space per client (its ' +
    'address, IPv6 per /64): a retry with the same key and an equivalent body (canonical JSON) replays your first ' +
    "answer (kept 24 hours) with Idempotency-Replayed: true and this request's RateLimit headers; another body with " +
    'the same key is 409.',
  schema: { type: 'string' as const, minLength: 1, maxLength: 128, pattern: '^[\\x21-\\x7E]+$' },
};

const REPLAY_HEADERS = {
  'Idempotency-Replayed': {
    description: '`true` when this is the stored answer of an earlier request with the same Idempotency-Key.',
    schema: { type: 'string' as const, enum: ['true'] },
  },
  'Idempotent-Replayed': {
    description: 'The same, for Stripe-style clients.',
    schema: { type: 'string' as const, enum: ['true'] },
  },
};

/**
 * What the REST adapter does beyond the generated operation (core/trpc.ts RestMeta): a 201 success
 * (the generator documents every success as 200), and for an idempotent route the Idempotency-Key
 * header, its replay (200 with the first answer, for a route that creates), and its 400 and 409 answers.
 */
export function describeRestBehaviour(operation: Operation, rest: RestMeta): void {
  const responses = (operation.responses ??= {});
  if (rest.successStatus !== undefined && responses['200']) {
    responses[String(rest.successStatus)] = responses['200'];
    delete responses['200'];
  }
  if (!rest.idempotent) return;
  const parameters = (operation.parameters ??= []) as unknown[];
  parameters.push(IDEMPOTENCY_KEY_PARAMETER);
  const success = responses['201'] ?? responses['200'];
  if (success && rest.successStatus === 201) {
    responses['200'] = {
      ...(success as object),
      description:
        'An Idempotency-Key replay: the first answer (its 201 body, byte for byte), with Idempotency-Replayed: true.',
      headers: REPLAY_HEADERS,
    };
  }
  const badRequest = responses['400'] as { description?: string } | undefined;
  responses['400'] = {
    ...badRequest,
    description: `${badRequest?.description ? `${badRequest.description} ` : ''}An invalid Idempotency-Key header: IDEMPOTENCY_KEY_INVALID.`,
  };
  responses['409'] = {
    description:
      'Idempotency-Key reused with another request (IDEMPOTENCY_KEY_REUSED), or its first request is still running ' +
      '(IDEMPOTENCY_REQUEST_IN_PROGRESS, with Retry-After).',
  };
}
