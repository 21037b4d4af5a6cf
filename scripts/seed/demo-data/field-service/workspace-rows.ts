import type { EntityData } from '@mikro-orm/core';
import type { EntitySchema } from '@mikro-orm/core';
import { DateTime } from 'luxon';
import { SeededRandom } from '../random.ts';

/** One demo business's rows, per entity, in the order they must be inserted (parents first). */
export class WorkspaceRows {
  readonly random: SeededRandom;
  readonly tables = new Map<EntitySchema, EntityData<object>[]>();

  constructor(
    seed: number,
    readonly businessId: string,
    readonly timeZone: string,
    readonly currency: string,
    readonly now: Date,
  ) {
    this.random = new SeededRandom(seed);
  }

  add<Row extends object>(entity: EntitySchema, row: Row): Row {
    const rows = this.tables.get(entity) ?? [];
    rows.push(row as EntityData<object>);
    this.tables.set(entity, rows);
    return row;
  }

  /** A uuid from the seeded sequence, so a re-seed produces the same ids. */
  id(): string {
    return this.random.uuid();
  }

  /** Today in the business's time zone, shifted by whole days. */
  localDay(offsetDays: number): DateTime {
    return DateTime.fromJSDate(this.now, { zone: this.timeZone }).startOf('day').plus({ days: offsetDays });
  }

  /** A weekday (Mon-Fri) at or after the given day. */
  weekdayFrom(day: DateTime): DateTime {
    let result = day;
    while (result.weekday > 5) result = result.plus({ days: 1 });
    return result;
  }

  /** An instant on a local day at a local hour and minute. */
  at(day: DateTime, hour: number, minute = 0): Date {
    return day.set({ hour, minute, second: 0, millisecond: 0 }).toJSDate();
  }

  isoDate(day: DateTime): string {
    return day.toISODate()!;
  }

  count(entity: EntitySchema): number {
    return this.tables.get(entity)?.length ?? 0;
  }

  /** The tables as `infrastructure.demo.insertDemoWorkspace` takes them: each entity by its class name, in generation order. */
  toInput(): Array<{ entity: string; rows: Array<Record<string, unknown>> }> {
    return [...this.tables].map(([entity, rows]) => ({ entity: entity.meta.className, rows }));
  }
}
