import { type NotificationTemplate, notificationKinds, notificationPlaceholders, toOneLine } from '@fieldplan/shared';
import { describe, expect, it } from 'vitest';
import { defaultTemplates } from '../src/modules/notifications/defaults.js';
import { type RenderValues, renderEmail, renderSms } from '../src/modules/notifications/render.js';

/** Every placeholder at once, each carrying what a hostile customer or office member could type. */
const hostile: RenderValues = {
  customer: 'Eve\r\nBcc: victim@example.test\r\n<script>alert(1)</script>',
  window: 'Thursday <b>26</b> & "soon"',
  technician: "Tim <img src=x onerror='x'>",
  company: 'ACME\nX-Injected: yes',
  companyPhone: '+49 <i>30</i>',
  trackingLink: 'javascript:alert(1)',
  reportLink: 'https://fieldplan.test/api/v1/visit-report/a.0.b?x="<y>"',
};

/** A template that uses every placeholder in every part. */
const everything: NotificationTemplate = {
  kind: 'reminder',
  enabled: true,
  subject: notificationPlaceholders.map((p) => `{${p}}`).join(' '),
  body: notificationPlaceholders.map((p) => `${p}: {${p}}`).join('\n'),
  sms: notificationPlaceholders.map((p) => `{${p}}`).join(' '),
};

describe('rendering every template with hostile values', () => {
  const templates = [...notificationKinds.map((k) => defaultTemplates[k]), everything];

  it.each(templates.map((t, i) => [i === templates.length - 1 ? 'every placeholder' : t.kind, t] as const))(
    '%s: one-line subject and values, escaped HTML, links only for http(s)',
    (_name, template) => {
      const { subject, text, html } = renderEmail(template, hostile);
      expect(subject).not.toMatch(/[\r\n]/);
      expect(html).not.toMatch(/<script|<img|<b>|<i>|onerror='/);
      expect(html).not.toContain('href="javascript:');
      for (const name of notificationPlaceholders) {
        if (!template.body.includes(`{${name}}`)) continue;
        // Each value on one line: a line break in a name never starts a "Bcc:" line of its own.
        expect(text).toContain(toOneLine(hostile[name]));
      }
      expect(text).not.toMatch(/^(Bcc|X-Injected):/m);
      expect(renderSms(template, hostile)).not.toMatch(/^(Bcc|X-Injected):/m);
      if (template.body.includes('{customer}')) expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
      if (template.body.includes('{reportLink}')) {
        expect(html).toContain('<a href="https://fieldplan.test/api/v1/visit-report/a.0.b?x=&#34;&#60;y&#62;&#34;">');
      }
      expect(renderSms(template, hostile)).not.toMatch(/\{[A-Za-z]+\}/);
    },
  );
});

describe('empty placeholders', () => {
  it('a body line whose placeholders are all empty is left out, not sent as half a sentence', () => {
    const values: RenderValues = { ...hostile, customer: 'Ann', company: 'ACME', companyPhone: '', reportLink: '' };
    const { text, html } = renderEmail(defaultTemplates.visit_completed, values);
    expect(text).toBe('Hello Ann,\n\nthank you: your visit is complete.\n\nACME');
    expect(html).not.toContain('Call us at');
    const booked = renderEmail(defaultTemplates.booking_confirmed, { ...values, window: 'Monday, 09:00–10:00' });
    expect(booked.html).toContain('<html lang="en">');
    expect(renderEmail(defaultTemplates.booking_confirmed, values, 'de').html).toContain('<html lang="de">');
    expect(booked.text).toBe('Hello Ann,\n\nyour visit is booked for Monday, 09:00–10:00.\n\nACME');
  });
});
