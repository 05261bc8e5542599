import type { Checklist } from '@fieldplan/shared';
import { describe, expect, it } from 'vitest';
import type { VisitRecord } from '../../entities/record/types';
import { mergeRecord } from './merge';
import type { RecordItem, RecordWrite } from './record-outbox';

const visit = { workspaceId: 'ws', jobId: 'job', occurrence: '2026-03-30T07:00:00Z' };
const checklist: Checklist = {
  id: null,
  jobId: 'job',
  occurrence: '2026-03-30T07:00:00.000Z',
  templateId: 't1',
  name: 'Boiler',
  items: [{ id: 'flue', label: 'Flue', kind: 'check', required: true }],
  answers: {},
  signature: 'required',
  version: 0,
  updatedAt: null,
  updatedBy: null,
};
const record: VisitRecord = {
  jobId: 'job',
  occurrence: '2026-03-30T07:00:00.000Z',
  notes: [
    {
      id: 'n1',
      jobId: 'job',
      occurrence: '2026-03-30T07:00:00.000Z',
      authorId: 'm1',
      authorName: 'Tomasz',
      body: 'old',
      createdAt: '2026-03-30T07:10:00Z',
      updatedAt: '2026-03-30T07:10:00Z',
      version: 1,
    },
  ],
  photos: [],
  checklists: [checklist],
  signature: null,
};

let seq = 0;
const item = (payload: RecordWrite, failure?: RecordItem['failure']): RecordItem => ({
  id: `i${++seq}`,
  seq,
  scope: 'ws',
  group: 'g',
  subject: 's',
  kind: payload.type,
  payload,
  createdAt: '2026-03-30T08:00:00Z',
  ...(failure ? { failure } : {}),
});

describe('mergeRecord', () => {
  it('lays waiting writes over the server’s record: new and edited notes, answers, a signature', () => {
    const shown = mergeRecord(
      record,
      [
        item({ type: 'note', visit, noteId: 'n1', body: 'edited', edit: true }),
        item({ type: 'note', visit, noteId: 'n2', body: 'new', edit: false }),
        item({ type: 'answers', visit, templateId: 't1', answers: { flue: true } }),
        item({
          type: 'signature',
          visit,
          signature: { name: 'Ann', image: 'data:image/png;base64,AA', signedAt: 'x' },
        }),
      ],
      visit,
    );
    expect(shown.notes.map((n) => [n.id, n.body, n.pending !== null])).toEqual([
      ['n1', 'edited', true],
      ['n2', 'new', true],
    ]);
    expect(shown.checklists[0]?.answers).toEqual({ flue: true });
    expect(record.checklists[0]?.answers).toEqual({});
    expect(shown.signature?.name).toBe('Ann');
  });

  it('leaves out another visit’s writes and refused answers (the server never took them)', () => {
    const other = { ...visit, occurrence: '2026-04-06T07:00:00Z' };
    const shown = mergeRecord(
      record,
      [
        item({ type: 'answers', visit: other, templateId: 't1', answers: { flue: true } }),
        item(
          { type: 'answers', visit, templateId: 't1', answers: { flue: true } },
          { code: 'forbidden', message: 'x' },
        ),
      ],
      visit,
    );
    expect(shown.checklists[0]?.answers).toEqual({});
  });
});
