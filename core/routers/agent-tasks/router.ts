import { router } from '../../trpc.ts';
import { deleteExpiredTasks } from './delete-expired-tasks.ts';
import { getTask } from './get-task.ts';
import { refuseUnknownMethod } from './refuse-unknown-method.ts';
import { sendMessage } from './send-message.ts';
import { sendStreamingMessage } from './send-streaming-message.ts';
import { subscribeToTask } from './subscribe-to-task.ts';
import { storageUsage } from './storage-usage.ts';

/** The A2A agent's methods, one procedure each, reached only through the invoker (no REST mapping, not on /api/trpc). */
export const a2aRouter = router({
  sendMessage,
  getTask,
  refuseUnknownMethod,
  sendStreamingMessage,
  subscribeToTask,
});

/** The A2A tasks' upkeep, system only: the sweeper's deletion and the admin command's storage report. */
export const agentTasksRouter = router({ sweepExpired: deleteExpiredTasks, storageUsage });
