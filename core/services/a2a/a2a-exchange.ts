import type { ErrorMessage } from '../../errors/index.ts';
import type { AgentTask } from '../agent-tasks/agent-task.schema.ts';
import type { PushConfigView } from './push/push-config.schema.ts';

/** The A2A versions served; each has its own wire (the adapter's), answering one neutral task. */
type A2aVersion = '0.3' | '1.0';

/** The JSON-RPC exchange a request belongs to: what its answer must name and be written in. */
export interface A2aExchange {
  version: A2aVersion;
  /** The JSON-RPC request id: a string, a number or null. */
  id: string | number | null;
  /** The method's wire name (for the request's log line). */
  method: string;
}

/**
 * How a request ends, before any wire: a task (written as the result of message/send or of
 * tasks/get), a page of tasks (ListTasks), push notification configs (redacted: push/push-config.schema.ts),
 * a JSON-RPC error inside the exchange, or a refusal of the exchange itself (the
 * Idempotency-Key's: its HTTP status and the dual ErrorMessage + JSON-RPC body).
 */
export type A2aOutcome =
  | {
      kind: 'task';
      task: AgentTask;
      /** `sent`: the result of message/send (SendMessage); `read`: of tasks/get (GetTask). */
      result: 'sent' | 'read';
      historyLength: number | undefined;
      headers: Record<string, string>;
    }
  | { kind: 'pushConfig'; config: PushConfigView; headers: Record<string, string> }
  | { kind: 'pushConfigs'; configs: PushConfigView[]; headers: Record<string, string> }
  | { kind: 'pushConfigDeleted'; headers: Record<string, string> }
  | { kind: 'task-list'; page: TaskPage; headers: Record<string, string> }
  | { kind: 'error'; error: ErrorMessage; status: number; headers: Record<string, string>; jsonRpcCode?: number }
  /** The authenticated extended agent card (GetExtendedAgentCard, agent/getAuthenticatedExtendedCard), as the adapter built it. */
  | { kind: 'card'; card: Record<string, unknown>; headers: Record<string, string> }
  | { kind: 'refusal'; error: ErrorMessage; headers: Record<string, string> };

/** One page of ListTasks, before any wire. */
export interface TaskPage {
  tasks: AgentTask[];
  /** "" on the last page. */
  nextPageToken: string;
  totalSize: number;
  /** Whether each task carries its artifacts (ListTasks omits the field otherwise). */
  includeArtifacts: boolean;
  historyLength: number | undefined;
}

/** An A2A answer as HTTP: status, headers and the body already written, and the catalogue code of an error. */
export interface A2aHttpAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  errorCode?: string;
}
