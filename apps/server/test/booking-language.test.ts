import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BookingTeam, bookingTestApp, dateIn, site, visitor } from './booking-fixtures.js';
import { expectFieldError } from './helpers.js';

// docs/PRODUCT.md, "Error catalogue": the booking page's refusals come in the language it asks for.

describe('the booking page is refused in its language', () => {
  let stop: () => Promise<void>;
  let app: Awaited<ReturnType<typeof bookingTestApp>>['app'];
  let team: BookingTeam;
  beforeAll(async () => {
    ({ app, team, stop } = await bookingTestApp());
  });
  afterAll(() => stop());

  const askSlots = (headers: Record<string, string>) =>
    visitor(app, '203.0.113.7').post(
      `/api/public/book/${team.slug}/slots`,
      { serviceId: 'no-such-service', ...site, from: dateIn(1) },
      headers,
    );

  it('names a service not offered in German for de-AT, and as always in English for fr', async () => {
    expect(expectFieldError(await askSlots({ 'accept-language': 'de-AT' }), 'serviceId')).toBe(
      'Wählen Sie eine der angebotenen Leistungen',
    );
    expect(expectFieldError(await askSlots({ 'accept-language': 'fr' }), 'serviceId')).toBe(
      'Choose one of the services offered',
    );
  });
});
