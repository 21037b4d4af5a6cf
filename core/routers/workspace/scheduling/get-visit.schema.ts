import { z } from 'zod';
import { ZId } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZVisitDetail } from './visit.schema.ts';

export const ZGetVisitInput = z.object({
  visit_id: ZId.describe("The visit's id (from list-visits, get-schedule or get-job)."),
});

export const ZGetVisitOutput = ZVisitDetail;
