import { z } from 'zod';

export const ZReleaseSyncInput = z.object({ holder: z.uuid() });

export const ZReleaseSyncOutput = z.void();
