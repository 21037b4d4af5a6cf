/** A where clause assembled from optional filters, with its bind values in order. */
export class Where {
  readonly conditions: string[] = [];
  readonly params: unknown[] = [];

  constructor(first: string, ...values: unknown[]) {
    this.add(first, ...values);
  }

  add(condition: string, ...values: unknown[]): this {
    this.conditions.push(condition);
    this.params.push(...values);
    return this;
  }

  toString(): string {
    return this.conditions.join(' and ');
  }
}
