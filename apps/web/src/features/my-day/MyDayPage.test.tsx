// Status changes wait in the workspace's outbox, in IndexedDB (fake-indexeddb, as base/outbox's own tests).
import 'fake-indexeddb/auto';
import type { MyDay, MyDayVisit } from '@fieldplan/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { outboxFor } from '../../base/outbox';
import { fakeFetch, problem } from '../../test/fake-api';
import { workspaceId, workspaceRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const visit = (id: string, hour: number, overrides: Partial<MyDayVisit> = {}): MyDayVisit => ({
  id,
  jobId: id,
  occurrence: null,
  version: 1,
  title: `Visit ${id}`,
  start: `2026-03-02T${String(hour).padStart(2, '0')}:00:00.000Z`,
  end: `2026-03-02T${String(hour).padStart(2, '0')}:45:00.000Z`,
  allDay: false,
  status: 'scheduled',
  assigneeIds: ['member-technician'],
  customerName: null,
  description: '',
  customerPhone: null,
  customerNotes: '',
  address: 'Torstraße 1, 10119 Berlin',
  lat: 52.529,
  lng: 13.401,
  ...overrides,
});

const dayOf = (visits: MyDayVisit[]): MyDay => ({ date: '2026-03-02', timeZone: 'UTC', homeBase: null, visits });

/** Tomasz's phone: the whole app at my day, answering from `day`; status changes don't get through (503). */
function openMyDay(day: MyDay) {
  const fetch = fakeFetch({
    ...workspaceRoutes('technician'),
    [`GET /workspaces/${workspaceId}/my-day`]: () => Response.json(day),
    [`POST /workspaces/${workspaceId}/locations`]: () => new Response(null, { status: 201 }),
    [`POST /workspaces/${workspaceId}/jobs/d/status`]: () => problem('internal', 'Down for a moment'),
  });
  return renderApp('/w/demo/my-day', fetch);
}

/** The cards of a list, by their accessible names ("09:00–09:45 Visit b"). */
const cardNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole('article')
    .map((a) => a.getAttribute('aria-label'));

const shareSwitch = () => screen.getByRole('switch', { name: /Share my location/ });

describe('my day on the phone', () => {
  beforeEach(() => {
    // The device's position (the outside world): a watch that never reports, which is enough to be "on".
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: { watchPosition: vi.fn(() => 7), clearWatch: vi.fn() },
    });
  });
  afterEach(async () => {
    window.localStorage.clear();
    // One outbox per workspace and page: what a test left waiting is not the next one's.
    const outbox = outboxFor(workspaceId);
    for (const item of outbox.list()) await outbox.remove(item.id);
  });

  it('puts the next visit on top and folds completed and cancelled ones under Done', async () => {
    const { user } = openMyDay(
      dayOf([
        visit('a', 7, { status: 'completed' }),
        visit('b', 9, { status: 'cancelled' }),
        visit('c', 10),
        visit('d', 11, { status: 'en_route' }),
        visit('e', 13),
        visit('f', 12, { status: 'in_progress' }),
      ]),
    );
    const todo = await screen.findByRole('list', { name: 'To do' });
    expect(cardNames(todo)).toEqual([
      '12:00–12:45 Visit f',
      '11:00–11:45 Visit d',
      '10:00–10:45 Visit c',
      '13:00–13:45 Visit e',
    ]);
    // Only the first card leads.
    expect(todo.querySelectorAll('.myday-card-next')).toHaveLength(1);
    expect(within(todo).getAllByRole('listitem')[0]).toHaveClass('myday-card-next');

    const toggle = screen.getByRole('button', { name: 'Done (2)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('article', { name: /Visit a$/ })).not.toBeInTheDocument();
    // By keyboard: focus it and press Enter, then Space to fold it again.
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const done = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(cardNames(done)).toEqual(['07:00–07:45 Visit a', '09:00–09:45 Visit b']);
    expect(within(done).getByText('Cancelled')).toBeInTheDocument();
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('article', { name: /Visit a$/ })).not.toBeInTheDocument();
  });

  it('says when everything is done', async () => {
    openMyDay(dayOf([visit('a', 7, { status: 'completed' })]));
    expect(await screen.findByText(/All done/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Done (1)' })).toBeInTheDocument();
  });

  it("shows the job, the customer's notes as text, and Call, Message and Directions links", async () => {
    openMyDay(
      dayOf([
        visit('a', 8, {
          customerName: 'Anna <b>Schmidt</b>',
          description: 'Bleed the radiators.\nBring spare seals.',
          customerPhone: '+49 (30) 555-0101',
          customerNotes: 'Gate code 4711 <img src=x onerror=alert(1)>',
        }),
        visit('b', 10, { lat: null, lng: null, address: 'Kastanienallee 12, Berlin' }),
      ]),
    );
    const card = await screen.findByRole('article', { name: /Visit a$/ });
    expect(within(card).getByText('Anna <b>Schmidt</b>')).toBeInTheDocument();
    expect(within(card).getByText(/Bleed the radiators\.\s+Bring spare seals\./)).toBeInTheDocument();
    expect(within(card).getByText('Gate code 4711 <img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(card.querySelector('img, b')).toBeNull();
    expect(within(card).getByRole('link', { name: 'Call Anna <b>Schmidt</b>' })).toHaveAttribute(
      'href',
      'tel:+49305550101',
    );
    expect(within(card).getByRole('link', { name: 'Message Anna <b>Schmidt</b>' })).toHaveAttribute(
      'href',
      'sms:+49305550101',
    );
    expect(within(card).getByRole('link', { name: 'Directions' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=52.529%2C13.401',
    );
    // No phone: no Call or Message; no point: directions by the address.
    const other = screen.getByRole('article', { name: /Visit b$/ });
    expect(within(other).queryByRole('link', { name: /Call|Message/ })).not.toBeInTheDocument();
    expect(within(other).getByRole('link', { name: 'Directions' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=Kastanienallee%2012%2C%20Berlin',
    );
  });

  it('keeps location sharing on across a reload for the shift, and asks for it on a visit en route', async () => {
    const day = dayOf([visit('c', 8, { status: 'en_route' }), visit('d', 10)]);
    const first = openMyDay(day);
    const card = await screen.findByRole('article', { name: /Visit c$/ });
    expect(within(card).getByText('Customer can’t see you coming')).toBeInTheDocument();
    expect(shareSwitch()).toHaveAttribute('aria-checked', 'false');
    await first.user.click(within(card).getByRole('button', { name: 'Share location' }));
    await waitFor(() => expect(shareSwitch()).toHaveAttribute('aria-checked', 'true'));
    expect(within(card).queryByText('Customer can’t see you coming')).not.toBeInTheDocument();
    first.unmount();

    // The page loaded again (a new store, as after a reload): still on, no warning.
    const second = openMyDay(day);
    await screen.findByRole('article', { name: /Visit c$/ });
    await waitFor(() => expect(shareSwitch()).toHaveAttribute('aria-checked', 'true'));
    expect(screen.queryByText('Customer can’t see you coming')).not.toBeInTheDocument();

    // Switched off, it stays off after the next reload.
    await second.user.click(shareSwitch());
    await waitFor(() => expect(shareSwitch()).toHaveAttribute('aria-checked', 'false'));
    second.unmount();
    openMyDay(day);
    await screen.findByRole('article', { name: /Visit c$/ });
    expect(shareSwitch()).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByText('Customer can’t see you coming')).toBeInTheDocument();
  });

  it('does not carry sharing into another day', async () => {
    window.localStorage.setItem(
      'fieldplan.sharing.shift',
      JSON.stringify({ userId: 'user-technician', workspaceId, date: '2020-01-01' }),
    );
    openMyDay(dayOf([visit('c', 8, { status: 'en_route' })]));
    await screen.findByRole('article', { name: /Visit c$/ });
    expect(shareSwitch()).toHaveAttribute('aria-checked', 'false');
    expect(window.localStorage.getItem('fieldplan.sharing.shift')).toBeNull();
  });

  it("turns sharing off when the day's last open visit is done", async () => {
    const { user } = openMyDay(
      dayOf([visit('a', 7, { status: 'completed' }), visit('d', 11, { status: 'in_progress' })]),
    );
    await screen.findByRole('article', { name: /Visit d$/ });
    await user.click(shareSwitch());
    await waitFor(() => expect(shareSwitch()).toHaveAttribute('aria-checked', 'true'));
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    // Done offline-first (the server is down): the visit folds away and the shift is over; the focus
    // moves on to "Done" instead of being lost with the button.
    const done = await screen.findByRole('button', { name: 'Done (2)' });
    await waitFor(() => expect(done).toHaveFocus());
    await waitFor(() => expect(shareSwitch()).toHaveAttribute('aria-checked', 'false'));
    expect(window.localStorage.getItem('fieldplan.sharing.shift')).toBeNull();
  });
});
