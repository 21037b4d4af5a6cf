/**
 * Who in this process follows which task's events: each open stream watches its task and is woken
 * when the task may have new events. A wake carries nothing: the stream reads the events after its
 * last number from the table, so a wake too many costs one read and a wake missed costs the idle
 * re-read's delay, never an event (core/services/a2a/follow-task-events.ts).
 */
export interface TaskEventHub {
  /** Calls `wake` whenever the task may have new events; answers the unwatch. */
  watch(taskId: string, wake: () => void): () => void;
  /** The task has new events (a commit of this process, or another's notification). */
  announce(taskId: string): void;
  /** Any task may have new events (notifications were lost): every stream reads again. */
  announceAll(): void;
  /**
   * How many times the task was announced (while watched): a read started after the count became
   * `n` has seen every event announced up to `n`, so streams can share it (shared-event-reads.ts).
   */
  announcements(taskId: string): number;
  /** Tasks watched now (at most one per open stream). */
  readonly watchedTasks: number;
}

export function createTaskEventHub(): TaskEventHub {
  const watchers = new Map<string, Set<() => void>>();
  const counts = new Map<string, number>();
  let all = 0;
  const wakeAll = (set: Iterable<() => void>) => {
    for (const wake of set) wake();
  };
  return {
    watch(taskId, wake) {
      let set = watchers.get(taskId);
      if (!set) watchers.set(taskId, (set = new Set()));
      set.add(wake);
      return () => {
        set.delete(wake);
        if (set.size === 0 && watchers.get(taskId) === set) {
          watchers.delete(taskId);
          counts.delete(taskId);
        }
      };
    },
    announce(taskId) {
      const set = watchers.get(taskId);
      if (!set) return;
      counts.set(taskId, (counts.get(taskId) ?? 0) + 1);
      wakeAll([...set]);
    },
    announceAll() {
      all += 1;
      for (const set of [...watchers.values()]) wakeAll([...set]);
    },
    announcements: (taskId) => all + (counts.get(taskId) ?? 0),
    get watchedTasks() {
      return watchers.size;
    },
  };
}
