import type { SeedArea } from './area.ts';

export const directorySeedArea: SeedArea | undefined = undefined;
