import { router } from '../../../trpc.ts';
import { changeVisitStatus } from './change-visit-status.ts';
import { findAvailableSlots } from './find-available-slots.ts';
import { getSchedule } from './get-schedule.ts';
import { getVisit } from './get-visit.ts';
import { listServiceZones } from './list-service-zones.ts';
import { listUnscheduledJobs } from './list-unscheduled-jobs.ts';
import { listVisits } from './list-visits.ts';
import { scheduleVisit } from './schedule-visit.ts';
import { updateVisit } from './update-visit.ts';

export const schedulingRouter = router({
  listVisits,
  getVisit,
  getSchedule,
  listUnscheduledJobs,
  findAvailableSlots,
  listServiceZones,
  scheduleVisit,
  updateVisit,
  changeVisitStatus,
});
