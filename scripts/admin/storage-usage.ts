import type { AdminCommand } from './command.ts';
import { formatTable } from './table.ts';

/** 1536 -> "1.5 KiB": the readable column beside the exact byte count. */
function readable(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`;
}

export const storageUsageCommand: AdminCommand = {
  name: 'storage-usage',
  summary: 'Show the rows and bytes the A2A tasks and the Idempotency-Key answers keep.',
  help: `

  ANSWER BYTES: the answer columns as stored, compressed where they are (tasks: history and
  artifacts; keys: the stored body and headers; a key whose answer is a task keeps only its id).
  TABLE BYTES: the whole table with its TOAST, indexes and space not yet vacuumed. Both scan the
  tables; the storage bound (AGENT_STORAGE_PER_HOUR, AGENT_STORAGE_PER_NETWORK_PER_HOUR) limits their growth.`,
  options: {},
  async prepare() {
    return async (caller) => {
      const result = await caller.infrastructure.agentTasks.storageUsage();
      const text = formatTable(
        ['TABLE', 'ROWS', 'ANSWER BYTES', 'TABLE BYTES'],
        result.tables.map((row) => [
          row.table,
          String(row.rows),
          `${row.answer_bytes} (${readable(row.answer_bytes)})`,
          `${row.table_bytes} (${readable(row.table_bytes)})`,
        ]),
      );
      return { json: result, text };
    };
  },
};
