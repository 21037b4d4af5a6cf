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
}

export function createTaskEventHub(): TaskEventHub {
  const watchers = new Map<string, Set<() => void>>();
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
        if (set.size === 0 && watchers.get(taskId) === set) watchers.delete(taskId);
      };
    },
    announce(taskId) {
      const set = watchers.get(taskId);
      if (set) wakeAll([...set]);
    },
    announceAll() {
      for (const set of [...watchers.values()]) wakeAll([...set]);
    },
  };
}
