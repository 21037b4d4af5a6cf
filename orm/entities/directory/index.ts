import type { EntitySchema } from '@mikro-orm/core';
import { DirectoryClaim } from './claim.ts';
import { DirectoryClaimTransition } from './claim-transition.ts';
import { DirectoryListing } from './listing.ts';
import { DirectoryListingPhoto } from './listing-photo.ts';

export const directoryEntities: EntitySchema[] = [
  DirectoryListing,
  DirectoryListingPhoto,
  DirectoryClaim,
  DirectoryClaimTransition,
];
