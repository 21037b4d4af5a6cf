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
 * Calls `committed` right after a transaction of this process that wrote outbox events commits (or
 * after the flush that wrote them, outside a transaction), so the in-process webhook worker publishes them now
 * instead of at its next poll. Only a hint: the poll still finds every event (a missed hint costs
 * latency, never an event); other processes' commits are not seen here.
 */
export function onOutboxCommitted(orm: MikroORM, committed: () => void): void {
  const pending = new WeakSet<object>();
  // Written by a flush outside any transaction of ours: its own implicit transaction commits before afterFlush.
  let flushed = false;
  const subscriber: EventSubscriber = {
    getSubscribedEntities: () => [OutboxEvent],
    afterCreate(args: EventArgs<unknown>) {
      const transaction = args.em.getTransactionContext<object>();
      if (transaction) pending.add(rootTransaction(transaction));
      else flushed = true;
    },
    afterFlush() {
      if (!flushed) return;
      flushed = false;
      committed();
    },
    afterTransactionCommit(args: TransactionEventArgs) {
      const transaction = args.transaction as object | undefined;
      if (transaction && pending.delete(transaction)) committed();
    },
  };
  orm.em.getEventManager().registerSubscriber(subscriber);
}
