import { router } from '../../trpc.ts';
import { continueTask } from './continue-task.ts';
import { deleteExpiredTasks } from './delete-expired-tasks.ts';
import { getTask } from './get-task.ts';
import { recordTask } from './record-task.ts';
import { storageUsage } from './storage-usage.ts';

/**
 * The A2A endpoint's tasks: recorded, continued and read only through the invoker (no REST
 * mapping, not on /api/trpc); the sweep and the storage report are system-only.
 */
export const agentTasksRouter = router({ recordTask, continueTask, getTask, deleteExpiredTasks, storageUsage });
