import type { Feed, FeedToken } from '@fieldplan/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetch, json, noContent, problem } from '../../test/fake-api';
import { workspaceId, workspaceRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const feedsPath = `/workspaces/${workspaceId}/feeds`;
const tokensPath = `/workspaces/${workspaceId}/feed-tokens`;

function feed(extra: Partial<Feed> = {}): Feed {
  return {
    id: 'feed-1',
    name: 'Public holidays',
    url: 'https://calendars.example.com/holidays.ics',
    colour: '#56B4E9',
    memberId: null,
    refreshMinutes: 1440,
    status: 'ok',
    lastError: null,
    lastFetchedAt: '2026-11-20T08:00:00.000Z',
    lastSuccessAt: '2026-11-20T08:00:00.000Z',
    eventCount: 12,
    version: 1,
    createdAt: '2026-11-01T08:00:00.000Z',
    updatedAt: '2026-11-20T08:00:00.000Z',
    ...extra,
  };
}

const token: FeedToken = {
  id: 'tok-1',
  memberId: 'member-technician',
  hint: 'x9Qz',
  createdAt: '2026-11-02T08:00:00.000Z',
  revokedAt: null,
  revokedReason: null,
};

describe('the Feeds screen', () => {
  it('shows each subscription with whose busy time it is, how often, and why a failing one fails', async () => {
    const fetch = fakeFetch({
      ...workspaceRoutes('dispatcher'),
      [`GET ${feedsPath}`]: [
        feed(),
        feed({
          id: 'feed-2',
          name: 'Tomasz away',
          memberId: 'member-technician',
          refreshMinutes: 90,
          status: 'failing',
          lastError: 'not an iCalendar file (the server sent text/html)',
        }),
        feed({ id: 'feed-3', name: 'New one', status: 'pending', lastFetchedAt: null, lastSuccessAt: null }),
      ],
      [`GET ${tokensPath}`]: [],
    });
    renderApp('/w/demo/feeds', fetch);

    const list = await screen.findByRole('list', { name: 'Calendar subscriptions' });
    // By name.
    const [pending, holidays, away] = within(list).getAllByRole('listitem');
    if (!holidays || !away || !pending) throw new Error('three subscriptions expected');
    expect(holidays).toHaveTextContent('Public holidays');
    expect(holidays).toHaveTextContent('OK');
    expect(holidays).toHaveTextContent('Whole workspace');
    expect(holidays).toHaveTextContent('once a day');
    expect(holidays).toHaveTextContent('12 events');
    expect(away).toHaveTextContent('Failing');
    expect(away).toHaveTextContent('Tomasz Nowak');
    expect(away).toHaveTextContent('every 1 h 30 min');
    expect(away).toHaveTextContent("Couldn't load: not an iCalendar file (the server sent text/html)");
    expect(pending).toHaveTextContent('Pending');
    expect(pending).toHaveTextContent('Not fetched yet');
    // No links yet: the empty state says what to do.
    expect(screen.getByText('No links yet')).toBeInTheDocument();
  });

  it('puts the server’s refusal of a URL under the URL field, and subscribes once it loads', async () => {
    let attempts = 0;
    const fetch = fakeFetch({
      ...workspaceRoutes('dispatcher'),
      [`GET ${feedsPath}`]: [],
      [`GET ${tokensPath}`]: [],
      [`POST ${feedsPath}`]: ({ body }) => {
        attempts += 1;
        if (attempts === 1) {
          return problem('validation_failed', 'The request has invalid fields', {
            errors: [{ path: 'url', message: 'URL must not contain a user name or password' }],
          });
        }
        if (attempts === 2) {
          return problem(
            'feed_unreachable',
            "Couldn't load the feed: calendar.local resolves to 10.0.0.1, a private address",
          );
        }
        return json(feed({ ...(body as Partial<Feed>), id: 'feed-9' }), 201);
      },
    });
    const { user } = renderApp('/w/demo/feeds', fetch);

    await user.click(await screen.findByRole('button', { name: 'Add subscription' }));
    const dialog = screen.getByRole('dialog', { name: 'Subscribe to a calendar' });
    const url = within(dialog).getByLabelText('Calendar address (URL)');
    await user.type(within(dialog).getByLabelText('Name'), 'Holidays');
    // The shared schema refuses other schemes before anything is sent.
    await user.type(url, 'ftp://calendar.local/h.ics');
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    expect(await within(dialog).findByText('URL must start with http://, https:// or webcal://')).toBeInTheDocument();
    expect(fetch.callsTo(`POST ${feedsPath}`)).toHaveLength(0);

    await user.clear(url);
    await user.type(url, 'webcal://calendar.local/h.ics');
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    expect(await within(dialog).findByText('URL must not contain a user name or password')).toBeInTheDocument();
    expect(url).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    expect(
      await within(dialog).findByText("Couldn't load the feed: calendar.local resolves to 10.0.0.1, a private address"),
    ).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Busy time of'), 'Tomasz Nowak');
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetch.callsTo(`POST ${feedsPath}`)[2]?.body).toEqual({
      name: 'Holidays',
      url: 'webcal://calendar.local/h.ics',
      colour: expect.stringMatching(/^#[0-9A-F]{6}$/i),
      memberId: 'member-technician',
      refreshMinutes: 60,
    });
    expect(await screen.findByText('Subscribed to “Holidays”')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Calendar subscriptions' })).getByText('Holidays'),
    ).toBeInTheDocument();
  });

  it('refreshes now with progress, and a failure says why and shows the feed failing', async () => {
    let failing = false;
    const fetch = fakeFetch({
      ...workspaceRoutes('owner'),
      [`GET ${feedsPath}`]: () =>
        json([failing ? feed({ status: 'failing', lastError: 'the server answered 500', version: 2 }) : feed()]),
      [`GET ${tokensPath}`]: [],
      [`POST ${feedsPath}/feed-1/refresh`]: () => {
        failing = true;
        return problem('feed_unreachable', "Couldn't load the feed: the server answered 500");
      },
    });
    const { user } = renderApp('/w/demo/feeds', fetch);
    await user.click(await screen.findByRole('button', { name: 'Refresh Public holidays now' }));
    expect(await screen.findByText("Couldn't load the feed: the server answered 500")).toBeInTheDocument();
    expect(await screen.findByText("Couldn't load: the server answered 500", { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Failing')).toBeInTheDocument();
  });

  it('asks to reload when someone else changed the subscription (412)', async () => {
    const fetch = fakeFetch({
      ...workspaceRoutes('dispatcher'),
      [`GET ${feedsPath}`]: [feed()],
      [`GET ${tokensPath}`]: [],
      [`PATCH ${feedsPath}/feed-1`]: () =>
        new Response(
          JSON.stringify({
            type: 'https://fieldplan.dev/errors/version_conflict',
            title: 'Someone else changed this feed',
            status: 412,
            code: 'version_conflict',
            detail: 'The feed is at version 3',
            current: feed({ name: 'Feiertage', version: 3 }),
          }),
          { status: 412, headers: { 'content-type': 'application/problem+json' } },
        ),
    });
    const { user } = renderApp('/w/demo/feeds', fetch);
    await user.click(await screen.findByRole('button', { name: 'Edit Public holidays' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit “Public holidays”' });
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Holidays 2027');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(fetch.callsTo(`PATCH ${feedsPath}/feed-1`)[0]?.body).toEqual({ name: 'Holidays 2027' });
    expect(await within(dialog).findByText('Someone else changed this subscription')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
    const reloaded = await screen.findByRole('dialog', { name: 'Edit “Feiertage”' });
    expect(within(reloaded).getByLabelText('Name')).toHaveValue('Feiertage');
  });

  it('creates a link shown once with Copy, a webcal variant and a QR code; Revoke asks first', async () => {
    const url = 'http://localhost/ical/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefg.ics';
    let tokens: FeedToken[] = [token];
    const fetch = fakeFetch({
      ...workspaceRoutes('dispatcher'),
      [`GET ${feedsPath}`]: [],
      [`GET ${tokensPath}`]: () => json(tokens),
      [`POST ${tokensPath}`]: ({ body }) => {
        const made = { ...token, id: 'tok-2', hint: 'defg', memberId: (body as { memberId: string | null }).memberId };
        tokens = [...tokens, made];
        return json({ ...made, url }, 201);
      },
      [`DELETE ${tokensPath}/tok-1`]: () => {
        tokens = tokens.map((t) => (t.id === 'tok-1' ? { ...t, revokedAt: '2026-11-21T08:00:00.000Z' } : t));
        return noContent();
      },
    });
    const { user } = renderApp('/w/demo/feeds', fetch);

    // The technicians arrive with the members list, after the select itself.
    await screen.findByRole('option', { name: 'Tomasz Nowak' });
    await user.selectOptions(screen.getByLabelText('Link to the jobs of'), 'Tomasz Nowak');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    const created = await screen.findByRole('region', { name: 'New iCal link' });
    expect(fetch.callsTo(`POST ${tokensPath}`)[0]?.body).toEqual({ memberId: 'member-technician' });
    expect(within(created).getByLabelText('Calendar address')).toHaveValue(url);
    expect(within(created).getByRole('link', { name: 'Open in a calendar app' })).toHaveAttribute(
      'href',
      url.replace('http://', 'webcal://'),
    );
    const qr = await within(created).findByRole('img', {
      name: "QR code to subscribe to Tomasz Nowak's jobs from a phone",
    });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);

    await user.click(within(created).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(url);
    expect(await screen.findByText(/Link copied/)).toBeInTheDocument();

    const links = screen.getByRole('list', { name: 'iCal links' });
    await within(links).findByText('…defg');
    await user.click(within(links).getByRole('button', { name: 'Revoke link …x9Qz' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Revoke link …x9Qz?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke link' }));
    expect(fetch.callsTo(`DELETE ${tokensPath}/tok-1`)).toHaveLength(1);
    expect(await within(links).findByText(/^Revoked/)).toBeInTheDocument();
    expect(within(links).queryByRole('button', { name: 'Revoke link …x9Qz' })).not.toBeInTheDocument();
  });

  it('lists a link that ended with its people as stopped, with the reason, and offers no Revoke', async () => {
    const stopped: FeedToken = {
      ...token,
      id: 'tok-3',
      hint: 'dead',
      memberId: null,
      revokedAt: '2026-11-22T08:00:00.000Z',
      revokedReason: 'Made by Sam Maker, who was deactivated',
    };
    const fetch = fakeFetch({
      ...workspaceRoutes('dispatcher'),
      [`GET ${feedsPath}`]: [],
      [`GET ${tokensPath}`]: [token, stopped],
    });
    renderApp('/w/demo/feeds', fetch);
    const links = await screen.findByRole('list', { name: 'iCal links' });
    const item = (await within(links).findByText('…dead')).closest('li') as HTMLElement;
    expect(within(item).getByText('Stopped working: Made by Sam Maker, who was deactivated')).toBeInTheDocument();
    expect(within(item).getByText(/^Stopped \w/, { selector: '.badge' })).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    // The live one is still offered for revoking.
    expect(within(links).getByRole('button', { name: 'Revoke link …x9Qz' })).toBeInTheDocument();
  });

  it('lets a technician make a link to their own jobs only, and shows subscriptions read-only', async () => {
    const fetch = fakeFetch({
      ...workspaceRoutes('technician'),
      [`GET ${feedsPath}`]: [feed({ url: 'https://calendars.example.com/…' })],
      [`GET ${tokensPath}`]: [],
      [`POST ${tokensPath}`]: ({ body }) =>
        json({ ...token, memberId: (body as { memberId: string }).memberId, url: 'http://localhost/ical/t.ics' }, 201),
    });
    const { user } = renderApp('/w/demo/feeds', fetch);
    await screen.findByText('Public holidays');
    expect(screen.queryByRole('button', { name: 'Add subscription' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Refresh / })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Link to the jobs of')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create my link' }));
    expect(await screen.findByText('your jobs')).toBeInTheDocument();
    expect(fetch.callsTo(`POST ${tokensPath}`)[0]?.body).toEqual({ memberId: 'member-technician' });
  });

  it('never asks a viewer for links', async () => {
    const fetch = fakeFetch({ ...workspaceRoutes('viewer'), [`GET ${feedsPath}`]: [] });
    renderApp('/w/demo/feeds', fetch);
    expect(await screen.findByText('No subscriptions yet')).toBeInTheDocument();
    expect(screen.getByText(/viewers can't hold one/)).toBeInTheDocument();
    expect(fetch.callsTo(`GET ${tokensPath}`)).toHaveLength(0);
  });
});
