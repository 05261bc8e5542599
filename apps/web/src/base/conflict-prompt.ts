import type { Problem } from '@fieldplan/shared';
import { answered, asked, type ConflictQuestion } from './failures-slice';

export type ConflictAnswer = 'reload' | 'keep';

/** Writes whose screens leave a 412 to the shared conflict dialog (jobs have their own). */
export const promptedConflicts: Record<string, { noun: string; tag: 'Customer' | 'Area' }> = {
  updateCustomer: { noun: 'customer', tag: 'Customer' },
  updateArea: { noun: 'area', tag: 'Area' },
};

const waiting = new Map<string, (answer: ConflictAnswer) => void>();
let nextId = 1;

const label = (key: string) => {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.every((v) => typeof v !== 'object') ? value.join(', ') : 'Changed';
  if (typeof value === 'object') return 'Changed';
  return String(value);
}

/** Their version beside mine, for the fields my write changes. */
export function conflictRows(mine: unknown, theirs: unknown): ConflictQuestion['rows'] {
  if (typeof mine !== 'object' || mine === null) return [];
  const current = (typeof theirs === 'object' && theirs !== null ? theirs : {}) as Record<string, unknown>;
  return Object.entries(mine as Record<string, unknown>).map(([key, value]) => {
    const differs = JSON.stringify(current[key] ?? null) !== JSON.stringify(value ?? null);
    return { label: label(key), theirs: show(current[key]), mine: show(value), differs };
  });
}

/**
 * Asks the user (through the conflict dialog the app shell renders) whether to take their version
 * or send mine on top of it. One question at a time: a second conflict meanwhile is a reload.
 */
export function askConflict(
  dispatch: (action: unknown) => unknown,
  isAsking: boolean,
  noun: string,
  problem: Problem,
  mine: unknown,
): Promise<ConflictAnswer> {
  if (isAsking) return Promise.resolve('reload');
  const id = `conflict-${nextId++}`;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    dispatch(asked({ id, noun, theirVersion: problem.currentVersion ?? 0, rows: conflictRows(mine, problem.current) }));
  });
}

/** The dialog's answer: resumes the write that was waiting for it. */
export function answerConflict(dispatch: (action: unknown) => unknown, id: string, answer: ConflictAnswer): void {
  const resolve = waiting.get(id);
  waiting.delete(id);
  dispatch(answered());
  resolve?.(answer);
}
