import type { BookingRequest, BookingRequestStatus, BookingService, BookingSettings } from '@fieldplan/shared';
import type { Selectable } from 'kysely';
import type { BookingRequestsTable, BookingServicesTable, BookingSettingsTable } from '../../db/schema.js';
import { iso } from '../../lib/ids.js';

export type SettingsRow = Selectable<BookingSettingsTable>;
export type ServiceRow = Selectable<BookingServicesTable>;
export type RequestRow = Selectable<BookingRequestsTable>;

/** A workspace's booking settings as stored, or the defaults before the first save (version 0). */
export interface StoredBookingSettings {
  enabled: boolean;
  autoConfirm: boolean;
  holdHours: number;
  pendingCap: number;
  horizonDays: number;
  minNoticeHours: number;
  intro: string;
  version: number;
}

export const defaultBookingSettings: StoredBookingSettings = {
  enabled: false,
  autoConfirm: false,
  holdHours: 24,
  pendingCap: 50,
  horizonDays: 14,
  minNoticeHours: 2,
  intro: '',
  version: 0,
};

export function storedSettings(row: SettingsRow | undefined): StoredBookingSettings {
  if (!row) return defaultBookingSettings;
  return {
    enabled: Number(row.enabled) === 1,
    autoConfirm: Number(row.auto_confirm) === 1,
    holdHours: Number(row.hold_hours),
    pendingCap: Number(row.pending_cap),
    horizonDays: Number(row.horizon_days),
    minNoticeHours: Number(row.min_notice_hours),
    intro: row.intro,
    version: Number(row.version),
  };
}

const attribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The public page's address (absolute with PUBLIC_URL) and an `<iframe>` for the business's own site. */
export function presentSettings(
  settings: StoredBookingSettings,
  page: { origin: string | null; slug: string; name: string },
): BookingSettings {
  const publicUrl = `${page.origin ?? ''}/book/${encodeURIComponent(page.slug)}`;
  const embedSnippet =
    `<iframe src="${attribute(publicUrl)}" title="${attribute(`Book with ${page.name}`)}" ` +
    'style="width:100%;min-height:720px;border:0" loading="lazy"></iframe>';
  return { ...settings, publicUrl, embedSnippet };
}

export function technicianIdsOf(row: Pick<ServiceRow, 'technician_ids'>): string[] {
  return JSON.parse(row.technician_ids) as string[];
}

export function presentService(row: ServiceRow): BookingService {
  return {
    id: row.id,
    name: row.name,
    durationMinutes: Number(row.duration_minutes),
    technicianIds: technicianIdsOf(row),
    active: Number(row.active) === 1,
    position: Number(row.position),
    version: Number(row.version),
  };
}

const instantOrNull = (ms: number | null) => (ms === null ? null : iso(Number(ms)));

export function presentRequest(row: RequestRow): BookingRequest {
  return {
    id: row.id,
    status: row.status as BookingRequestStatus,
    jobId: row.job_id,
    serviceId: row.service_id,
    serviceName: row.service_name,
    start: iso(Number(row.start_at)),
    end: iso(Number(row.end_at)),
    technicianId: row.technician_id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    lat: Number(row.lat),
    lng: Number(row.lng),
    notes: row.notes,
    holdExpiresAt: instantOrNull(row.hold_expires_at),
    createdAt: iso(Number(row.created_at)),
    decidedAt: instantOrNull(row.decided_at),
    decidedBy: row.decided_by,
    declineReason: row.decline_reason,
    version: Number(row.version),
  };
}
