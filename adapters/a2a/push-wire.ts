import type { ErrorMessage } from '../../core/errors/index.ts';
import type { AgentTask } from '../../core/services/agent-tasks/agent-task.schema.ts';
import type {
  PushConfigInput,
  PushConfigList,
  PushConfigRef,
  PushConfigView,
} from '../../core/services/a2a/push/push-config.schema.ts';

type Read<T> = { value: T } | { invalid: ErrorMessage };

/** A config carried by a message (SendMessage's configuration): no task id yet. */
type MessagePushConfig = Omit<PushConfigInput, 'taskId'>;

/**
 * One version's push notification methods: their names, how their params read into the neutral
 * shapes (push-config.schema.ts), and how a redacted config is written back. push-wire-0.3.ts and
 * push-wire-1.0.ts are the two.
 */
export interface PushWire {
  methods: { create: string; get: string; list: string; delete: string };
  readCreateParams(params: Record<string, unknown>): Read<PushConfigInput>;
  readGetParams(params: Record<string, unknown>): Read<PushConfigRef>;
  readListParams(params: Record<string, unknown>): Read<PushConfigList>;
  readDeleteParams(params: Record<string, unknown>): Read<PushConfigRef>;
  /** The config inside a message's params (undefined: none). */
  readMessageConfig(params: Record<string, unknown>): Read<MessagePushConfig | undefined>;
  configResult(config: PushConfigView): unknown;
  configsResult(configs: PushConfigView[]): unknown;
  deletedResult(): unknown;
  /** The body of a push notification for the task's current status. */
  pushBody(task: AgentTask): string;
}
