import { expecting } from '../../errors/validation-messages.ts';
import { z } from 'zod';

export const ZGetMediaInput = z.object({
  publicId: z.uuid({ error: expecting('expected a UUID such as 3f2b8c4e-1d2a-4c3b-9e8f-0a1b2c3d4e5f') }),
});

/** Bytes for the binary endpoint (adapters/http/media.ts); not a JSON resource. */
export const ZGetMediaOutput = z.object({
  public_id: z.string(),
  mime_type: z.string(),
  byte_size: z.number().int(),
  checksum_sha256: z.string().describe('Hex SHA-256 of the bytes: the strong ETag.'),
  bytes: z.instanceof(Buffer),
});
