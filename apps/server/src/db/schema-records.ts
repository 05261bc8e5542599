/** The work record's and customer notifications' tables (docs/adr/0025, 0026, 0029); see schema.ts. */

/** A note on a visit (occurrence_key: the occurrence's original start in ms, 0 for a one-off job). */
export interface VisitNotesTable {
  id: string;
  workspace_id: string;
  job_id: string;
  occurrence_key: number;
  author_id: string;
  body: string;
  version: number;
  created_at: number;
  updated_at: number;
}

export interface ChecklistTemplatesTable {
  id: string;
  workspace_id: string;
  name: string;
  title_pattern: string | null;
  /** JSON: ChecklistItem[] */
  items: string;
  /** 'none' | 'optional' | 'required' */
  signature: string;
  version: number;
  created_at: number;
  updated_at: number;
}

/** A template attached to a job by hand. */
export interface JobChecklistsTable {
  workspace_id: string;
  job_id: string;
  template_id: string;
  position: number;
}

/** A checklist answered on a visit, with the template's items as they were at the first answer. */
export interface VisitChecklistsTable {
  id: string;
  workspace_id: string;
  job_id: string;
  occurrence_key: number;
  template_id: string;
  name: string;
  /** JSON: ChecklistItem[] */
  items: string;
  signature: string;
  /** JSON: item id → answer */
  answers: string;
  /** JSON: item id → the version that last set it */
  answer_versions: string;
  version: number;
  updated_at: number;
  updated_by: string | null;
}

/** The customer's signature of a visit: the PNG in the row. */
export interface VisitSignaturesTable {
  id: string;
  workspace_id: string;
  job_id: string;
  occurrence_key: number;
  name: string;
  image: Buffer;
  signed_at: number;
  member_id: string;
  version: number;
  created_at: number;
}

/** A photo of a visit (an upload until `completed_at`); its bytes are in the file storage. */
export interface PhotosTable {
  workspace_id: string;
  id: string;
  job_id: string;
  occurrence_key: number;
  caption: string;
  content_type: string;
  width: number;
  height: number;
  size: number;
  /** Bytes received so far: the next chunk's offset. */
  received: number;
  thumb_bytes: number;
  /** Where it was taken, only when the workspace keeps photo locations. */
  lat: number | null;
  lng: number | null;
  /** The membership that uploaded it. */
  uploaded_by: string;
  version: number;
  created_at: number;
  completed_at: number | null;
}

/** One received chunk of an unfinished upload, stored as its own object until the upload completes. */
export interface PhotoUploadPartsTable {
  workspace_id: string;
  photo_id: string;
  /** Where the chunk begins in the photo. */
  start_byte: number;
  length: number;
  storage_key: string;
}

/** When a visit last entered a working or final status (the record's times on site). */
export interface VisitStatusTimesTable {
  workspace_id: string;
  job_id: string;
  occurrence_key: number;
  status: string;
  at: number;
  member_id: string | null;
}

/** A workspace's notification settings; no row = the defaults (notifications/settings.ts). */
export interface NotificationSettingsTable {
  workspace_id: string;
  enabled: number;
  from_address: string | null;
  reply_to: string | null;
  company_phone: string;
  reminder_days_before: number;
  reminder_time: string;
  move_threshold_minutes: number;
  version: number;
  updated_at: number;
}

/** A workspace's own text for one kind; no row = the built-in template. */
export interface NotificationTemplatesTable {
  workspace_id: string;
  kind: string;
  enabled: number;
  subject: string;
  body: string;
  sms: string;
}

/** A customer who asked to get no notifications (the one-click unsubscribe, or the office). */
export interface NotificationOptoutsTable {
  workspace_id: string;
  customer_id: string;
  created_at: number;
}

/** The outbox: one message to one customer (docs/adr/0029-notification-outbox.md). */
export interface NotificationsTable {
  id: string;
  workspace_id: string;
  job_id: string;
  occurrence_key: number;
  kind: string;
  channel: string;
  recipient: string;
  status: string;
  due_at: number;
  attempts: number;
  reason: string | null;
  lease_owner: string | null;
  lease_expires_at: number | null;
  event_key: string;
  provider_id: string | null;
  created_at: number;
  sent_at: number | null;
}
