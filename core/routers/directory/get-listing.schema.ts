import { z } from 'zod';
import { ZDirectoryListingPublic } from './directory-listing.schema.ts';

export const ZGetDirectoryListingInput = z.object({
  slug: z.string().min(1).max(200).describe("The listing's `slug`."),
});

export const ZGetDirectoryListingOutput = z.object({ data: ZDirectoryListingPublic });
