import { memberPalette } from '@fieldplan/shared';
import { createNextState as produce } from '@reduxjs/toolkit';
import { describe, expect, it, vi } from 'vitest';
import { loginPath, safeNext } from '../entities/session/login-path';
import { applyFieldErrors } from './apply-field-errors';
import { colourName, textOn } from './colour';
import { deepFreeze } from './deep-freeze';
import { initials } from './initials';
import { inNextTask } from './next-task';
import { problemMessage } from './problem';

describe('applyFieldErrors', () => {
  it('puts each server error under the deepest field the form knows; the rest are returned', () => {
    const setError = vi.fn();
    const leftover = applyFieldErrors(
      {
        type: 't',
        title: 'x',
        status: 400,
        code: 'validation_failed',
        detail: 'd',
        errors: [
          { path: 'workingHours.end', message: 'End must be after start' },
          { path: 'workingHours.days.0', message: 'Bad day' },
          { path: 'colour', message: 'Unknown field "colour"' },
        ],
      },
      setError,
      ['workingHours.end', 'workingHours.days'],
    );
    expect(setError).toHaveBeenNthCalledWith(
      1,
      'workingHours.end',
      { type: 'server', message: 'End must be after start' },
      { shouldFocus: true },
    );
    expect(setError).toHaveBeenNthCalledWith(
      2,
      'workingHours.days',
      { type: 'server', message: 'Bad day' },
      { shouldFocus: false },
    );
    expect(leftover).toEqual(['Unknown field "colour"']);
  });
});

describe('sign-in redirects', () => {
  it('builds /login?next= and accepts only paths inside the app', () => {
    expect(loginPath('/w/demo/team?x=1')).toBe('/login?next=%2Fw%2Fdemo%2Fteam%3Fx%3D1');
    expect(loginPath('/')).toBe('/login');
    expect(safeNext('/w/demo')).toBe('/w/demo');
    expect(safeNext('//evil.example')).toBeNull();
    expect(safeNext('/\\evil.example')).toBeNull();
    expect(safeNext('https://evil.example')).toBeNull();
    expect(safeNext(null)).toBeNull();
  });
});

describe('member colours', () => {
  it('names every palette colour and picks readable initials on each', () => {
    for (const colour of memberPalette) expect(colourName(colour)).not.toMatch(/^#/);
    expect(textOn('#E69F00')).toBe('#111418');
    expect(textOn('#0072B2')).toBe('#ffffff');
    expect(textOn('#3D5A80')).toBe('#ffffff');
  });

  it('makes initials from first and last name', () => {
    expect(initials('Ana María López')).toBe('AL');
    expect(initials('  cher ')).toBe('C');
    expect(initials('')).toBe('?');
  });
});

describe('problemMessage', () => {
  it('says how long to wait after too many attempts', () => {
    expect(
      problemMessage({ type: 't', title: 'x', status: 429, code: 'rate_limited', detail: 'd', retryAfter: 17 }),
    ).toBe('Too many attempts, try again in 17 s');
  });

  it('says what to shorten when the URL or headers were too large', () => {
    const detail = 'The URL and headers are too large (max 16 KB together)';
    expect(problemMessage({ type: 't', title: 'x', status: 431, code: 'headers_too_large', detail })).toBe(
      'This request is too long for the server (its address or headers). Shorten it and try again.',
    );
  });
});

describe('deepFreeze', () => {
  it('freezes objects and arrays all the way down, and the store can still edit a copy', () => {
    const shared = { name: 'Ada', tags: ['a'] };
    const visits = deepFreeze([
      { id: '1', job: shared, slots: [{ at: 1 }] },
      { id: '2', job: shared, slots: [] },
    ]);
    expect(Object.isFrozen(visits)).toBe(true);
    expect(Object.isFrozen(visits[0])).toBe(true);
    expect(Object.isFrozen(visits[0]?.slots[0])).toBe(true);
    expect(Object.isFrozen(shared.tags)).toBe(true);
    expect(() => {
      (visits[0] as { id: string }).id = 'x';
    }).toThrow(TypeError);
    expect(deepFreeze(3)).toBe(3);
    expect(deepFreeze(null)).toBe(null);
    // As the store's Immer does: the answer put in a draft, then edited in place by a later change.
    const state = produce({ data: [] as typeof visits }, (draft) => {
      draft.data = visits;
    });
    expect(state.data).toBe(visits);
    const edited = produce(state, (draft) => {
      const first = draft.data[0];
      if (first) first.job.name = 'Grace';
    });
    expect(edited.data[0]?.job.name).toBe('Grace');
    expect(edited.data[1]?.job.name).toBe('Ada');
    expect(visits[0]?.job.name).toBe('Ada');
  });
});

describe('inNextTask', () => {
  it('runs the callback after the current task, unless cancelled', async () => {
    const order: string[] = [];
    inNextTask(() => order.push('next task'));
    const cancel = inNextTask(() => order.push('cancelled'));
    cancel();
    order.push('this task');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual(['this task', 'next task']);
  });
});
