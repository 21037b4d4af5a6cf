import { router } from '../../../trpc.ts';
import { getTeamMember } from './get-team-member.ts';
import { listTeamMembers } from './list-team-members.ts';
import { listTimeEntries } from './list-time-entries.ts';
import { listTimeOff } from './list-time-off.ts';

export const teamRouter = router({ listTeamMembers, getTeamMember, listTimeEntries, listTimeOff });
