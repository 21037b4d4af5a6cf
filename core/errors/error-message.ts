import { z } from 'zod';
import { errorCatalogue, type ErrorCode } from './catalogue.ts';

/**
 * Open to more members: some answers carry more than the four fields in the same object (the A2A
 * endpoint's 400 is also a JSON-RPC error; the paid reference's 402 also carries the readable terms),
 * and a strict client must still read them as an ErrorMessage.
 */
export const ZErrorMessage = z
  .looseObject({
    code: z.string().describe('Stable UPPER_SNAKE error code, e.g. RESOURCE_NOT_FOUND.'),
    message: z.string().describe('What went wrong, for a person.'),
    resolution: z.string().describe('What the caller can do about it.'),
    status: z.number().int().describe('The HTTP status code of the response.'),
    details: z
      .array(z.record(z.string(), z.unknown()))
      .optional()
      .describe('Validation issues, one per offending value.'),
  })
  .meta({ id: 'ErrorMessage' });

export type ErrorMessage = z.infer<typeof ZErrorMessage>;

export function errorMessage(code: ErrorCode, message: string, details?: ErrorMessage['details']): ErrorMessage {
  const entry = errorCatalogue[code];
  return { code, message, resolution: entry.resolution, status: entry.status, ...(details ? { details } : {}) };
}

/** The masked answer for anything unexpected: the client learns only the request id. */
export function internalErrorMessage(requestId: string | undefined): ErrorMessage {
  const reference = requestId ? ` (request id ${requestId})` : '';
  return errorMessage('INTERNAL_ERROR', `An unexpected error occurred${reference}.`);
}
