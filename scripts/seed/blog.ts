import type { SeedArea } from './area.ts';

export const blogSeedArea: SeedArea | undefined = undefined;
