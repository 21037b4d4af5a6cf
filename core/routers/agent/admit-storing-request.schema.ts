import { z } from 'zod';

export const ZAdmitStoringRequestInput = z.void();

export const ZAdmitStoringRequestOutput = z.object({});
