import { ZAgentContextId, ZAgentTask, ZAgentTaskContent } from './agent-task.schema.ts';

export const ZRecordTaskInput = ZAgentTaskContent.extend({ contextId: ZAgentContextId });
export const ZRecordTaskOutput = ZAgentTask;
