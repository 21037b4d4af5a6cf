import parse from 'co-body';
import type { ErrorCode } from '../../core/errors/index.ts';
import type { KoaCtx } from '../http/state.ts';
import type { Refusal } from './refusal.ts';

/**
 * Reads a JSON-RPC POST body as UTF-8 text within `limit` bytes (the text is what an envelope parser
 * and an Idempotency-Key fingerprint read). Beyond the limit: PAYLOAD_TOO_LARGE; a body that cannot
 * be read (an aborted upload, a bad encoding): the protocol's invalid-request code.
 */
export async function readBody(
  ctx: KoaCtx,
  limit: number,
  invalidRequest: ErrorCode,
): Promise<{ text: string } | { refusal: Refusal }> {
  try {
    return { text: await parse.text(ctx.req, { limit, encoding: 'utf8' }) };
  } catch (error) {
    if ((error as { type?: string }).type === 'entity.too.large')
      return {
        refusal: {
          id: null,
          code: 'PAYLOAD_TOO_LARGE',
          message: `The request body exceeds the limit of ${limit} bytes.`,
        },
      };
    return {
      refusal: {
        id: null,
        code: invalidRequest,
        message: `The request body could not be read: ${(error as Error).message}.`,
      },
    };
  }
}
