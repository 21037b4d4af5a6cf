import { z } from 'zod';

export const ZAdmitRequestInput = z.void();

export const ZAdmitRequestOutput = z.object({});
