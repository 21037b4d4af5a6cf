import { z } from 'zod';

export const ZAdmitToolCallInput = z.void();

export const ZAdmitToolCallOutput = z.object({});
