import type { SeedArea } from './area.ts';

export const governmentSeedArea: SeedArea | undefined = undefined;
