import type { PublicBookingPage, PublicSlot } from '@fieldplan/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Answer, fakeFetch, json, problem } from '../../../test/fake-api';
import { BookingPage } from './BookingPage';
import { zeroBits } from './pow-core';
import { sha256 } from './sha256';

const base = '/api/public/book/demo';
const page: PublicBookingPage = {
  company: { name: 'Demo Plumbing', phone: '+49 30 555 0100' },
  intro: 'We fix <b>boilers</b>.',
  services: [{ id: 's1', name: 'Boiler service', durationMinutes: 60 }],
  horizonDays: 14,
  timeZone: 'Europe/Berlin',
  timeFormat: '24h',
  dateFormat: 'dmy',
  language: 'en',
};
const berlin = { id: 'city:1', label: 'Berlin', secondary: 'Germany', lat: 52.52, lng: 13.4, source: 'city' };
const slot = (hour: number, token: string): PublicSlot => ({
  start: `2026-12-03T${String(hour - 1).padStart(2, '0')}:00:00.000Z`,
  end: `2026-12-03T${String(hour).padStart(2, '0')}:00:00.000Z`,
  token,
  with: 'Tomasz',
});

function open(routes: Record<string, Answer>) {
  const fetch = fakeFetch({
    [`GET ${base}`]: page,
    [`GET ${base}/places`]: [berlin],
    [`POST ${base}/challenge`]: { challenge: 'c0ffee', difficulty: 6 },
    ...routes,
  });
  vi.stubGlobal('fetch', fetch);
  const user = userEvent.setup();
  render(<BookingPage slug="demo" />);
  return { fetch, user };
}

/** Service → address (keyboard) → the first time shown. */
async function upToDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /^Boiler service/ }));
  await user.type(screen.getByRole('combobox', { name: 'Address of the visit' }), 'Berlin');
  await screen.findByRole('option', { name: /Berlin/ });
  await user.keyboard('{ArrowDown}{Enter}');
  await user.click(await screen.findByRole('button', { name: /with Tomasz/ }));
  await user.type(screen.getByLabelText('Name'), 'Anna <i>Muster</i>');
  await user.type(screen.getByLabelText(/^Email/), 'anna@example.test');
}

afterEach(() => vi.unstubAllGlobals());

describe('the public booking page', () => {
  it('a taken time shows the fresh ones; the next try is sent with a solved proof of work and an empty honeypot', async () => {
    let tries = 0;
    const { fetch, user } = open({
      [`POST ${base}/slots`]: { slots: [slot(10, 'a')] },
      [`POST ${base}/requests`]: () => {
        tries += 1;
        if (tries === 1) {
          const taken = problem('slot_taken', 'That time was just taken');
          return taken.json().then((b) => json({ ...b, slots: [slot(14, 'b')] }, 409));
        }
        return json({ id: 'r1', status: 'pending', ...slot(14, 'b'), serviceName: 'Boiler service' }, 201);
      },
    });
    expect(await screen.findByText('We fix <b>boilers</b>.')).toBeInTheDocument();
    await upToDetails(user);
    await user.click(screen.getByRole('button', { name: 'Request this time' }));
    expect(await screen.findByText('That time was just taken. Here are the times still free.')).toBeInTheDocument();
    // The fresh suggestion (15:00 Berlin) replaces the taken one, without asking the server again.
    expect(fetch.callsTo(`POST ${base}/slots`)).toHaveLength(1);
    await user.click(await screen.findByRole('button', { name: /with Tomasz/ }));
    // What was typed is still there.
    expect(screen.getByLabelText('Name')).toHaveValue('Anna <i>Muster</i>');
    await user.click(screen.getByRole('button', { name: 'Request this time' }));
    expect(await screen.findByRole('heading', { name: 'Request sent' })).toBeInTheDocument();

    const sent = fetch.callsTo(`POST ${base}/requests`).map((c) => c.body as Record<string, string>);
    expect(sent.map((b) => b.slotToken)).toEqual(['a', 'b']);
    for (const body of sent) {
      expect(body).toMatchObject({ serviceId: 's1', address: 'Berlin, Germany', lat: 52.52, website: '' });
      const digest = sha256(new TextEncoder().encode(`${body.challenge}:${body.nonce}`));
      expect(zeroBits(digest)).toBeGreaterThanOrEqual(6);
    }
  });

  it('the honeypot is out of reach; too many requests says how long to wait', async () => {
    const { user } = open({
      [`POST ${base}/slots`]: { slots: [slot(10, 'a')] },
      [`POST ${base}/requests`]: () => problem('rate_limited', 'Too many requests', { retryAfter: 120 }),
    });
    await upToDetails(user);
    const form = screen.getByRole('form', { name: 'Your details' });
    const trap = form.querySelector('input[name="website"]');
    expect(trap?.getAttribute('tabindex')).toBe('-1');
    expect(trap?.getAttribute('autocomplete')).toBe('off');
    expect(trap?.closest('[aria-hidden="true"]')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Request this time' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please try again in 2 minutes.');
  });

  it('says plainly when the address is outside the area served, with the phone to call', async () => {
    const { user } = open({
      [`POST ${base}/slots`]: () =>
        problem('validation_failed', 'Address is outside the area we serve', {
          errors: [{ path: 'address', message: 'outside the area we serve — call us at +49 30 555 0100' }],
        }),
    });
    await user.click(await screen.findByRole('button', { name: /^Boiler service/ }));
    await user.type(screen.getByRole('combobox', { name: 'Address of the visit' }), 'Berlin');
    await user.click(await screen.findByRole('option', { name: /Berlin/ }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('outside the area we serve'));
    expect(screen.getByRole('alert')).toHaveTextContent('Please call us at +49 30 555 0100');
  });

  it('a challenge that ran out is replaced once; an offer that ran out searches the times again', async () => {
    let tries = 0;
    const { fetch, user } = open({
      [`POST ${base}/slots`]: { slots: [slot(10, 'a')] },
      [`POST ${base}/requests`]: () => {
        tries += 1;
        const path = tries === 1 ? 'challenge' : 'slotToken';
        return problem('validation_failed', 'Expired', { errors: [{ path, message: `${path} expired` }] });
      },
    });
    await upToDetails(user);
    await user.click(screen.getByRole('button', { name: 'Request this time' }));
    expect(
      await screen.findByText('That time is no longer on offer. Here are the times free now.'),
    ).toBeInTheDocument();
    expect(fetch.callsTo(`POST ${base}/challenge`)).toHaveLength(2);
    await waitFor(() => expect(fetch.callsTo(`POST ${base}/slots`)).toHaveLength(2));
    expect(await screen.findByRole('button', { name: /with Tomasz/ })).toBeInTheDocument();
  });
});
