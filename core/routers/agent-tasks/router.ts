import { router } from '../../trpc.ts';
import { continueTask } from './continue-task.ts';
import { deleteExpiredTasks } from './delete-expired-tasks.ts';
import { getTask } from './get-task.ts';
import { recordTask } from './record-task.ts';

/**
 * The A2A endpoint's tasks: recorded, continued and read only through the invoker (no REST
 * mapping, not on /api/trpc); the sweep is system-only.
 */
export const agentTasksRouter = router({ recordTask, continueTask, getTask, deleteExpiredTasks });
