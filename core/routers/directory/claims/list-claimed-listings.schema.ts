import { z } from 'zod';
import { ZCursorPage, ZRestCursorPageInput } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZClaimedListing } from './claimed-listing.schema.ts';

export const ZListClaimedListingsInput = z.object({
  ...ZRestCursorPageInput,
});

export const ZListClaimedListingsOutput = ZCursorPage(ZClaimedListing);
