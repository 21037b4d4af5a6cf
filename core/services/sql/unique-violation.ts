import { UniqueConstraintViolationException } from '@mikro-orm/core';

/**
 * True when a write failed on this unique constraint or index. Callers check for duplicates first
 * for a clear message; this catches the race where another writer got there in between.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  return (
    error instanceof UniqueConstraintViolationException && (error as { constraint?: string }).constraint === constraint
  );
}
