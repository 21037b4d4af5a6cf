import type { EventArgs, EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import { OutboxEvent } from './entities/field-service/outbox-event.ts';

/** The root of a (possibly nested, savepoint) transaction: MikroORM links a savepoint to its parent under this symbol. */
function rootTransaction(transaction: object): object {
  let current = transaction;
  for (;;) {
    const link = Object.getOwnPropertySymbols(current).find((symbol) => symbol.description === 'parentTransaction');
    const parent = link === undefined ? undefined : (current as Record<symbol, unknown>)[link];
    if (typeof parent !== 'object' || parent === null) return current;
    current = parent;
  }
}

/**
 * Calls `committed` with the businesses whose outbox events were written, right after a transaction
 * of this process that wrote outbox events commits (or after the flush that wrote them, outside a
 * transaction), so the in-process webhook worker publishes them now instead of at its next poll, and
 * the event feed's long polls of those businesses answer. Only a hint: the poll still finds every
 * event (a missed hint costs latency, never an event); other processes' commits are not seen here.
 */
export function onOutboxCommitted(orm: MikroORM, committed: (businessIds: readonly string[]) => void): void {
  const pending = new WeakMap<object, Set<string>>();
  // Written by a flush outside any transaction of ours: its own implicit transaction commits before afterFlush.
  let flushed = new Set<string>();
  const subscriber: EventSubscriber = {
    getSubscribedEntities: () => [OutboxEvent],
    afterCreate(args: EventArgs<unknown>) {
      const businessId = String((args.entity as { businessId: unknown }).businessId);
      const transaction = args.em.getTransactionContext<object>();
      if (!transaction) {
        flushed.add(businessId);
        return;
      }
      const root = rootTransaction(transaction);
      const businesses = pending.get(root) ?? new Set<string>();
      pending.set(root, businesses.add(businessId));
    },
    afterFlush() {
      if (flushed.size === 0) return;
      const businesses = flushed;
      flushed = new Set();
      committed([...businesses]);
    },
    afterTransactionCommit(args: TransactionEventArgs) {
      const transaction = args.transaction as object | undefined;
      const businesses = transaction ? pending.get(transaction) : undefined;
      if (!transaction || !businesses) return;
      pending.delete(transaction);
      committed([...businesses]);
    },
  };
  orm.em.getEventManager().registerSubscriber(subscriber);
}
