import type { ErrorMessage } from '../../core/errors/index.ts';

/** google.rpc's ErrorInfo and BadRequest, as ProtoJSON's `Any` names them. */
const ERROR_INFO = 'type.googleapis.com/google.rpc.ErrorInfo';
const BAD_REQUEST = 'type.googleapis.com/google.rpc.BadRequest';

/** The domain A2A 1.0 gives the reasons of its own errors (sections 9.5, 10.6, 11.6). */
const A2A_DOMAIN = 'a2a-protocol.org';
/**
 * The domain of the reasons that are this service's catalogue codes (the JSON-RPC standard errors,
 * the budget, the Idempotency-Key): A2A defines no reason for them, and ErrorInfo wants one.
 */
const SERVICE_DOMAIN = 'field-service-api';

/** A2A 1.0's errors by JSON-RPC code: the reason is the error's name in UPPER_SNAKE_CASE without "Error". */
const A2A_REASONS: Record<number, string> = {
  [-32001]: 'TASK_NOT_FOUND',
  [-32002]: 'TASK_NOT_CANCELABLE',
  [-32003]: 'PUSH_NOTIFICATION_NOT_SUPPORTED',
  [-32004]: 'UNSUPPORTED_OPERATION',
  [-32005]: 'CONTENT_TYPE_NOT_SUPPORTED',
  [-32006]: 'INVALID_AGENT_RESPONSE',
  [-32007]: 'EXTENDED_AGENT_CARD_NOT_CONFIGURED',
  [-32008]: 'EXTENSION_SUPPORT_REQUIRED',
  [-32009]: 'VERSION_NOT_SUPPORTED',
};

/** A validation detail's field: the A2A wires name it `parameter`, zod issues `path`. */
function fieldOf(detail: Record<string, unknown>): string {
  if (typeof detail.parameter === 'string') return detail.parameter;
  if (Array.isArray(detail.path)) return detail.path.join('.');
  return '';
}

/**
 * A2A 1.0's `error.data`: an array of typed details (section 9.5). First a google.rpc.ErrorInfo:
 * for an A2A error its reason in the a2a-protocol.org domain, for any other this service's catalogue
 * code; its metadata (a map of strings) carries what 0.3 clients read as `data`: the catalogue
 * `code`, the `resolution` and the HTTP `status`. Then, when the error names fields, a
 * google.rpc.BadRequest with one field violation each.
 */
export function errorDetails(body: ErrorMessage, jsonRpcCode: number): Array<Record<string, unknown>> {
  const reason = A2A_REASONS[jsonRpcCode];
  const info = {
    '@type': ERROR_INFO,
    reason: reason ?? body.code,
    domain: reason ? A2A_DOMAIN : SERVICE_DOMAIN,
    metadata: { code: body.code, resolution: body.resolution, status: String(body.status) },
  };
  const violations = (body.details ?? [])
    .map((detail) => ({
      field: fieldOf(detail),
      description: typeof detail.message === 'string' ? detail.message : '',
    }))
    .filter((violation) => violation.field !== '' || violation.description !== '');
  return violations.length > 0 ? [info, { '@type': BAD_REQUEST, fieldViolations: violations }] : [info];
}
