import type { EntitySchema } from '@mikro-orm/core';
import { DirectoryListing } from './listing.ts';
import { DirectoryListingPhoto } from './listing-photo.ts';

export const directoryEntities: EntitySchema[] = [DirectoryListing, DirectoryListingPhoto];
