import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZTeamMember } from './team-member.schema.ts';

export const ZListTeamMembersInput = z.object({
  active: z.boolean().optional().describe('true: only active members; false: only inactive ones; omit for everyone.'),
  ...ZCursorPageInput,
});

export const ZListTeamMembersOutput = ZCursorPage(ZTeamMember);
