import type { SeedArea } from './area.ts';
import { blogSeedArea } from './blog.ts';
import { directorySeedArea } from './directory.ts';
import { governmentSeedArea } from './government.ts';

/** Every seedable area, in the order they are filled. */
export const seedAreas: SeedArea[] = [blogSeedArea, governmentSeedArea, directorySeedArea].filter(
  (area): area is SeedArea => area !== undefined,
);
