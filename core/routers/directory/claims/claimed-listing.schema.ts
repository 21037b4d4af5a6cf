import { z } from 'zod';
import { ZDirectoryListingPublic } from '../directory-listing.schema.ts';

export const ZClaimedListing = ZDirectoryListingPublic.extend({
  description: z
    .string()
    .nullable()
    .describe('The long description (searched by the public list; not in its answers).'),
  status: z
    .enum(['published', 'draft', 'hidden'])
    .describe('Only published listings are public; the operator sets this, not the business.'),
}).meta({ id: 'DirectoryClaimedListing' });
