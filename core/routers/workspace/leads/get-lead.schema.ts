import { z } from 'zod';
import { ZId } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZLead } from './lead.schema.ts';

export const ZGetLeadInput = z.object({ lead_id: ZId.describe('A lead id (list-leads).') });
export const ZGetLeadOutput = ZLead;
