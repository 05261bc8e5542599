import type { NotificationSettings } from '@fieldplan/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetch, json } from '../../test/fake-api';
import { workspaceId, workspaceRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const key = `/workspaces/${workspaceId}/notification-settings`;

const settings: NotificationSettings = {
  enabled: true,
  fromAddress: null,
  replyTo: null,
  companyPhone: '',
  reminderDaysBefore: 1,
  reminderTime: '17:00',
  moveThresholdMinutes: 30,
  channels: { email: true, sms: false },
  version: 3,
  templates: [
    {
      kind: 'reminder',
      enabled: true,
      subject: 'Reminder for {customer}',
      body: 'Hello {customer}, we come {window}.',
      sms: 'We come {window}',
    },
  ],
};

async function open(role: 'owner' | 'dispatcher') {
  const fetch = fakeFetch({
    ...workspaceRoutes(role),
    [`GET ${key}`]: settings,
    [`PUT ${key}`]: ({ body }) => json({ ...settings, ...(body as object), version: 4 }),
  });
  const view = renderApp('/w/demo/settings/notifications', fetch);
  await screen.findByRole('form', { name: 'Notification settings' });
  return { ...view, fetch };
}

describe('the notification settings screen', () => {
  it('previews a template with sample values and flags an unknown placeholder before saving', async () => {
    const { user, fetch } = await open('owner');
    expect(screen.getByRole('figure', { name: 'Preview of Reminder' })).toHaveTextContent('Reminder for Anna Schmidt');
    expect(screen.getByText('Texts are not set up on this server (SMS_*).')).toBeInTheDocument();
    const subject = screen.getByLabelText('Email subject');
    await user.clear(subject);
    await user.type(subject, 'Hi {{name}');
    expect(await screen.findByText('Unknown placeholder {name}')).toBeInTheDocument();
    await user.clear(subject);
    await user.type(subject, 'See you {{window}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetch.callsTo(`PUT ${key}`)).toHaveLength(1));
    const put = fetch.callsTo(`PUT ${key}`)[0];
    expect(put?.headers['if-match']).toBe('"3"');
    expect(put?.body).toMatchObject({ templates: [{ kind: 'reminder', subject: 'See you {window}' }] });
  });

  it('the dispatcher reads the settings and cannot save them', async () => {
    await open('dispatcher');
    expect(screen.getByLabelText('Email subject')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
