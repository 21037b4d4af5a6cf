import { router } from '../../trpc.ts';
import { createPushConfig } from './create-push-config.ts';
import { cancelTask } from './cancel-task.ts';
import { deleteExpiredTasks } from './delete-expired-tasks.ts';
import { deletePushConfig } from './delete-push-config.ts';
import { getPushConfig } from './get-push-config.ts';
import { getExtendedCard } from './get-extended-card.ts';
import { getTask } from './get-task.ts';
import { listPushConfigs } from './list-push-configs.ts';
import { listTasks } from './list-tasks.ts';
import { refuseUnknownMethod } from './refuse-unknown-method.ts';
import { sendMessage } from './send-message.ts';
import { signCard } from './sign-card.ts';
import { sendStreamingMessage } from './send-streaming-message.ts';
import { subscribeToTask } from './subscribe-to-task.ts';
import { storageUsage } from './storage-usage.ts';

/** The A2A agent's methods, one procedure each, reached only through the invoker (no REST mapping, not on /api/trpc). */
export const a2aRouter = router({
  signCard,
  sendMessage,
  getTask,
  refuseUnknownMethod,
  createPushConfig,
  getPushConfig,
  listPushConfigs,
  deletePushConfig,
  listTasks,
  cancelTask,
  getExtendedCard,
  sendStreamingMessage,
  subscribeToTask,
});

/** The A2A tasks' upkeep, system only: the sweeper's deletion and the admin command's storage report. */
export const agentTasksRouter = router({ sweepExpired: deleteExpiredTasks, storageUsage });
