import { z } from 'zod';

export const ZRefreshStatisticsInput = z.void();

export const ZRefreshStatisticsOutput = z.void();
