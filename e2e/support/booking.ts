import type { BookingService, BookingSettings } from '@fieldplan/shared';
import type { Page } from 'playwright-core';
import { api } from './api.js';
import { baseUrl } from './browser.js';

/**
 * Turns the workspace's online booking on (requests wait for the office) and adds a one-hour service
 * every technician does, through the API as the owner's page; answers the service.
 */
export async function openBooking(owner: Page, ws: string, service: string, intro = ''): Promise<BookingService> {
  const settings = await api<BookingSettings>(owner, 'GET', `/workspaces/${ws}/booking/settings`);
  await owner.request.fetch(`/api/v1/workspaces/${ws}/booking/settings`, {
    method: 'PUT',
    headers: { origin: baseUrl, 'if-match': `"${settings.version}"` },
    data: {
      enabled: true,
      autoConfirm: false,
      holdHours: 24,
      pendingCap: 50,
      horizonDays: 14,
      minNoticeHours: 2,
      intro,
    },
  });
  return api<BookingService>(owner, 'POST', `/workspaces/${ws}/booking/services`, {
    name: service,
    durationMinutes: 60,
    technicianIds: [],
  });
}
