/**
 * When the embedded database needs a CHECKPOINT. PGlite runs no checkpointer: without one, every
 * write since the last start stays in pg_wal (5.9 GB after 20 minutes of the `--scale 10` seed) and
 * a start after a crash replays all of it. A server's checkpointer runs one after
 * `checkpoint_timeout` or once the WAL since the last reaches max_wal_size / (1 +
 * checkpoint_completion_target); the same rules here.
 */

/** What the database says of its WAL since the last checkpoint, and its settings. */
export interface WalState {
  /** WAL written since the last checkpoint's redo point. */
  walBytes: number;
  /** Seconds since the last checkpoint. */
  secondsSince: number;
  maxWalBytes: number;
  completionTarget: number;
  timeoutSeconds: number;
  segmentBytes: number;
}

export type CheckpointReason = 'wal_size' | 'timeout' | 'forced';

/**
 * Why a checkpoint is due, or undefined: the WAL since the last one reached the checkpointer's share
 * of max_wal_size, or checkpoint_timeout passed with at least a segment written (a quiet database
 * needs none). `force`: any WAL since the last one (a checkpoint record alone is less than a segment).
 */
export function checkpointReason(state: WalState, force = false): CheckpointReason | undefined {
  if (state.walBytes >= state.maxWalBytes / (1 + state.completionTarget)) return 'wal_size';
  if (state.secondsSince >= state.timeoutSeconds && state.walBytes >= state.segmentBytes) return 'timeout';
  if (force && state.walBytes > 0) return 'forced';
  return undefined;
}
