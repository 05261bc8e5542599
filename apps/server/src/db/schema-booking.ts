/** Online booking's tables (docs/adr/0030-online-booking.md, migration 0017); see schema.ts. */

export interface BookingSettingsTable {
  workspace_id: string;
  enabled: number;
  auto_confirm: number;
  hold_hours: number;
  pending_cap: number;
  horizon_days: number;
  min_notice_hours: number;
  intro: string;
  version: number;
  updated_at: number;
  /** The last request refused at a pending cap (ms), and which cap (migration 0020); null: none yet. */
  cap_hit_at: number | null;
  cap_hit_scope: string | null;
}

export interface BookingServicesTable {
  id: string;
  workspace_id: string;
  name: string;
  duration_minutes: number;
  /** JSON: member ids; [] = every active technician. */
  technician_ids: string;
  active: number;
  position: number;
  version: number;
  created_at: number;
  updated_at: number;
}

export interface BookingRequestsTable {
  id: string;
  workspace_id: string;
  job_id: string | null;
  service_id: string | null;
  service_name: string;
  start_at: number;
  end_at: number;
  technician_id: string | null;
  /** 'pending' | 'confirmed' | 'declined' | 'expired' */
  status: string;
  customer_id: string | null;
  name: string;
  email: string;
  phone: string | null;
  address: string;
  lat: number;
  lng: number;
  notes: string;
  hold_expires_at: number | null;
  created_at: number;
  decided_at: number | null;
  /** The member (membership id) who decided; null when auto-confirmed or expired. */
  decided_by: string | null;
  decline_reason: string | null;
  client_address: string;
  version: number;
}

/** A proof-of-work challenge already answered: single use until it expires. */
export interface BookingChallengesTable {
  id: string;
  workspace_id: string;
  expires_at: number;
  used_at: number;
}
