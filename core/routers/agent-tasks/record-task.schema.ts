import { ZAgentContextId, ZAgentTask, ZAgentTaskContent } from '../../services/agent-tasks/agent-task.schema.ts';

export const ZRecordTaskInput = ZAgentTaskContent.extend({ contextId: ZAgentContextId });
export const ZRecordTaskOutput = ZAgentTask;
