import { describe, expect, it } from 'vitest';
import { jobDraft } from './job-rows.js';

const none = { byEmail: new Map<string, string>(), byName: new Map<string, string>() };

describe('jobDraft: one-line fields of an imported job', () => {
  it('a title, customer name or address with line breaks or tabs is kept on one line', () => {
    const draft = jobDraft(
      2,
      ['Boiler\r\nBcc: evil@x.test', 'Evil\r\nBcc: evil@x.test', 'Hof 2\tHinterhaus', '2026-12-03 09:00'],
      ['title', 'customer', 'address', 'start'],
      'Europe/Berlin',
      none,
    );
    expect(draft.problems).toEqual([]);
    expect(draft.input).toMatchObject({ title: 'Boiler Bcc: evil@x.test', address: 'Hof 2 Hinterhaus' });
    expect(draft.customer?.name).toBe('Evil Bcc: evil@x.test');
  });
});
