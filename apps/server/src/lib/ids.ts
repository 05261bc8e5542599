import { randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();

/** ISO 8601 instant for an epoch-millisecond value. */
export const iso = (ms: number): string => new Date(ms).toISOString();
