-- 0001-foundation up
create table "users" ("id" text primary key, "email" text not null unique, "name" text not null, "password_hash" text not null, "created_at" bigint not null)
create table "workspaces" ("id" text primary key, "name" text not null, "slug" text not null unique, "time_zone" text not null, "week_start" integer not null, "working_hours" text not null, "map" text not null, "created_at" bigint not null)
create table "memberships" ("id" text primary key, "workspace_id" text not null references "workspaces" ("id") on delete cascade, "user_id" text not null references "users" ("id") on delete cascade, "role" text not null, "colour" text not null, "home_lat" double precision, "home_lng" double precision, "deactivated_at" bigint, "created_at" bigint not null, constraint "memberships_workspace_user" unique ("workspace_id", "user_id"))
create index "memberships_user" on "memberships" ("user_id")
create table "invitations" ("id" text primary key, "workspace_id" text not null references "workspaces" ("id") on delete cascade, "email" text not null, "role" text not null, "token_hash" text not null unique, "expires_at" bigint not null, "accepted_at" bigint, "revoked_at" bigint, "created_by" text not null references "users" ("id"), "created_at" bigint not null)
create index "invitations_workspace" on "invitations" ("workspace_id")
create table "sessions" ("id_hash" text primary key, "user_id" text not null references "users" ("id") on delete cascade, "created_at" bigint not null, "expires_at" bigint not null)
create index "sessions_user" on "sessions" ("user_id")
create table "workspace_seq" ("workspace_id" text primary key references "workspaces" ("id") on delete cascade, "last_seq" bigint default 0 not null)
create table "changes" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "seq" bigint not null, "entity" text not null, "entity_id" text not null, "action" text not null, "actor_id" text, "at" bigint not null, constraint "changes_pk" primary key ("workspace_id", "seq"))
-- 0001-foundation down
drop table "changes"
drop table "workspace_seq"
drop table "sessions"
drop table "invitations"
drop table "memberships"
drop table "workspaces"
drop table "users"
-- 0002-schedule up
create table "customers" ("id" text primary key, "workspace_id" text not null references "workspaces" ("id") on delete cascade, "name" text not null, "email" text, "phone" text, "address" text not null, "lat" double precision not null, "lng" double precision not null, "notes" text not null, "sort_name" text not null, "search_text" text not null, "version" integer not null, "created_at" bigint not null, "updated_at" bigint not null, "deleted_at" bigint)
create index "customers_workspace_name" on "customers" ("workspace_id", "sort_name", "id")
create table "jobs" ("id" text primary key, "workspace_id" text not null references "workspaces" ("id") on delete cascade, "customer_id" text references "customers" ("id"), "title" text not null, "description" text not null, "address" text not null, "lat" double precision, "lng" double precision, "start_at" bigint, "end_at" bigint, "all_day" integer not null, "status" text not null, "priority" integer not null, "rrule" text, "span_start_at" bigint, "span_end_at" bigint, "version" integer not null, "created_by" text, "created_at" bigint not null, "updated_at" bigint not null, "deleted_at" bigint)
create index "jobs_workspace_start" on "jobs" ("workspace_id", "start_at", "end_at")
create index "jobs_workspace_span" on "jobs" ("workspace_id", "span_end_at")
create index "jobs_workspace_status" on "jobs" ("workspace_id", "status")
create index "jobs_customer" on "jobs" ("customer_id")
create table "job_assignees" ("job_id" text not null references "jobs" ("id") on delete cascade, "member_id" text not null references "memberships" ("id") on delete cascade, "workspace_id" text not null, "position" integer not null, constraint "job_assignees_pk" primary key ("job_id", "member_id"))
create index "job_assignees_member" on "job_assignees" ("member_id")
create table "job_exceptions" ("job_id" text not null references "jobs" ("id") on delete cascade, "occurrence_key" bigint not null, "workspace_id" text not null, "kind" text not null, "start_at" bigint, "end_at" bigint, "assignee_ids" text, "status" text, "created_at" bigint not null, constraint "job_exceptions_pk" primary key ("job_id", "occurrence_key"))
-- 0002-schedule down
drop table "job_exceptions"
drop table "job_assignees"
drop table "jobs"
drop table "customers"
-- 0003-areas up
create table "service_areas" ("id" text primary key, "workspace_id" text not null references "workspaces" ("id") on delete cascade, "name" text not null, "sort_name" text not null, "colour" text not null, "kind" text not null, "geometry" text not null, "vertex_count" integer not null, "south" double precision not null, "west" double precision not null, "north" double precision not null, "east" double precision not null, "version" integer not null, "created_at" bigint not null, "updated_at" bigint not null)
create index "service_areas_workspace_name" on "service_areas" ("workspace_id", "sort_name", "id")
-- 0003-areas down
drop table "service_areas"
-- 0004-realtime-locations up
create table "location_pings" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "member_id" text not null references "memberships" ("id") on delete cascade, "lat" double precision not null, "lng" double precision not null, "accuracy_m" double precision not null, "heading" double precision, "at" bigint not null, "received_at" bigint not null)
create index "location_pings_member_at" on "location_pings" ("workspace_id", "member_id", "at")
create index "location_pings_received" on "location_pings" ("received_at")
create table "location_latest" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "member_id" text not null references "memberships" ("id") on delete cascade, "lat" double precision not null, "lng" double precision not null, "accuracy_m" double precision not null, "heading" double precision, "at" bigint not null, "received_at" bigint not null, constraint "location_latest_pk" primary key ("workspace_id", "member_id"))
create table "install_secrets" ("name" text primary key, "value" text not null, "created_at" bigint not null)
-- 0004-realtime-locations down
drop table "install_secrets"
drop table "location_latest"
drop table "location_pings"
-- 0005-feeds up
create table "feed_subscriptions" ("id" text primary key, "workspace_id" text not null references "workspaces" ("id") on delete cascade, "name" text not null, "url" text not null, "colour" text not null, "member_id" text references "memberships" ("id") on delete cascade, "refresh_minutes" integer not null, "status" text not null, "last_error" text, "last_fetched_at" bigint, "last_success_at" bigint, "failures" integer not null, "next_refresh_at" bigint not null, "etag" text, "last_modified" text, "content_hash" text, "event_count" integer not null, "lease_owner" text, "lease_expires_at" bigint, "version" integer not null, "created_at" bigint not null, "updated_at" bigint not null)
create index "feed_subscriptions_workspace" on "feed_subscriptions" ("workspace_id", "created_at")
create index "feed_subscriptions_due" on "feed_subscriptions" ("next_refresh_at")
create table "feed_events" ("feed_id" text not null references "feed_subscriptions" ("id") on delete cascade, "workspace_id" text not null, "seq" integer not null, "uid" text not null, "summary" text not null, "all_day" integer not null, "start_at" bigint not null, "end_at" bigint, "series_ics" text, constraint "feed_events_pk" primary key ("feed_id", "seq"))
create index "feed_events_range" on "feed_events" ("workspace_id", "start_at", "end_at")
create table "feed_tokens" ("id" text primary key, "workspace_id" text not null references "workspaces" ("id") on delete cascade, "member_id" text references "memberships" ("id") on delete cascade, "token_hash" text not null unique, "hint" text not null, "created_by" text, "created_at" bigint not null, "revoked_at" bigint)
create index "feed_tokens_workspace" on "feed_tokens" ("workspace_id", "created_at")
-- 0005-feeds down
drop table "feed_tokens"
drop table "feed_events"
drop table "feed_subscriptions"
-- 0006-tracking up
create table "tracking_links" ("id" text primary key, "workspace_id" text not null references "workspaces" ("id") on delete cascade, "job_id" text not null references "jobs" ("id") on delete cascade, "occurrence_key" bigint, "member_id" text not null references "memberships" ("id") on delete cascade, "token_hash" text not null unique, "token_sealed" text not null, "created_by" text, "created_at" bigint not null, "ended_at" bigint, "revoked_at" bigint)
create index "tracking_links_job" on "tracking_links" ("workspace_id", "job_id", "occurrence_key")
create index "tracking_links_member" on "tracking_links" ("member_id", "ended_at")
-- 0006-tracking down
drop table "tracking_links"
-- 0007-flexible-windows up
alter table "jobs" add column "flex_start_at" bigint
alter table "jobs" add column "flex_end_at" bigint
-- 0007-flexible-windows down
alter table "jobs" drop column "flex_end_at"
alter table "jobs" drop column "flex_start_at"
-- 0008-sign-up-attempts up
alter table "users" add column "sign_up_attempt_at" bigint
-- 0008-sign-up-attempts down
alter table "users" drop column "sign_up_attempt_at"
-- 0009-feed-token-reasons up
alter table "feed_tokens" add column "revoked_reason" text
-- 0009-feed-token-reasons down
alter table "feed_tokens" drop column "revoked_reason"
-- 0010-time-format up
alter table "workspaces" add column "time_format" text default '24h' not null
alter table "workspaces" add column "date_format" text default 'dmy' not null
-- 0010-time-format down
alter table "workspaces" drop column "date_format"
alter table "workspaces" drop column "time_format"
-- 0011-default-job-minutes up
alter table "workspaces" add column "default_job_minutes" integer default 60 not null
-- 0011-default-job-minutes down
alter table "workspaces" drop column "default_job_minutes"
-- 0012-work-record up
create table "visit_notes" ("id" text primary key, "workspace_id" text not null references "workspaces" ("id") on delete cascade, "job_id" text not null references "jobs" ("id") on delete cascade, "occurrence_key" bigint not null, "author_id" text not null references "memberships" ("id") on delete cascade, "body" text not null, "version" integer not null, "created_at" bigint not null, "updated_at" bigint not null)
create index "visit_notes_visit" on "visit_notes" ("workspace_id", "job_id", "occurrence_key", "created_at")
create table "checklist_templates" ("id" text primary key, "workspace_id" text not null references "workspaces" ("id") on delete cascade, "name" text not null, "title_pattern" text, "items" text not null, "signature" text not null, "version" integer not null, "created_at" bigint not null, "updated_at" bigint not null)
create index "checklist_templates_ws" on "checklist_templates" ("workspace_id")
create table "job_checklists" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "job_id" text not null references "jobs" ("id") on delete cascade, "template_id" text not null references "checklist_templates" ("id") on delete cascade, "position" integer not null, constraint "job_checklists_pk" primary key ("job_id", "template_id"))
create table "visit_checklists" ("id" text primary key, "workspace_id" text not null references "workspaces" ("id") on delete cascade, "job_id" text not null references "jobs" ("id") on delete cascade, "occurrence_key" bigint not null, "template_id" text not null, "name" text not null, "items" text not null, "signature" text not null, "answers" text not null, "answer_versions" text not null, "version" integer not null, "updated_at" bigint not null, "updated_by" text)
create unique index "visit_checklists_visit" on "visit_checklists" ("workspace_id", "job_id", "occurrence_key", "template_id")
create table "visit_signatures" ("id" text primary key, "workspace_id" text not null references "workspaces" ("id") on delete cascade, "job_id" text not null references "jobs" ("id") on delete cascade, "occurrence_key" bigint not null, "name" text not null, "image" blob not null, "signed_at" bigint not null, "member_id" text not null references "memberships" ("id") on delete cascade, "version" integer not null, "created_at" bigint not null)
create unique index "visit_signatures_visit" on "visit_signatures" ("workspace_id", "job_id", "occurrence_key")
-- 0012-work-record down
drop table "visit_signatures"
drop table "visit_checklists"
drop table "job_checklists"
drop table "checklist_templates"
drop table "visit_notes"
-- 0013-photos up
create table "photos" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "id" text not null, "job_id" text not null references "jobs" ("id") on delete cascade, "occurrence_key" bigint not null, "caption" text not null, "content_type" text not null, "width" integer not null, "height" integer not null, "size" bigint not null, "received" bigint not null, "thumb_bytes" integer not null, "uploaded_by" text not null references "memberships" ("id") on delete cascade, "version" integer not null, "created_at" bigint not null, "completed_at" bigint, constraint "photos_pk" primary key ("workspace_id", "id"))
create index "photos_visit" on "photos" ("workspace_id", "job_id", "occurrence_key", "created_at")
create table "photo_upload_parts" ("workspace_id" text not null, "photo_id" text not null, "start_byte" bigint not null, "length" integer not null, "storage_key" text not null, constraint "photo_upload_parts_pk" primary key ("workspace_id", "photo_id", "start_byte"), constraint "photo_upload_parts_photo" foreign key ("workspace_id", "photo_id") references "photos" ("workspace_id", "id") on delete cascade)
-- 0013-photos down
drop table "photo_upload_parts"
drop table "photos"
-- 0014-visit-status-times up
create table "visit_status_times" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "job_id" text not null references "jobs" ("id") on delete cascade, "occurrence_key" bigint not null, "status" text not null, "at" bigint not null, "member_id" text, constraint "visit_status_times_pk" primary key ("job_id", "occurrence_key", "status"))
-- 0014-visit-status-times down
drop table "visit_status_times"
-- 0015-notifications up
create table "notification_settings" ("workspace_id" text primary key references "workspaces" ("id") on delete cascade, "enabled" integer not null, "from_address" text, "reply_to" text, "company_phone" text not null, "reminder_days_before" integer not null, "reminder_time" text not null, "move_threshold_minutes" integer not null, "version" integer not null, "updated_at" bigint not null)
create table "notification_templates" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "kind" text not null, "enabled" integer not null, "subject" text not null, "body" text not null, "sms" text not null, constraint "notification_templates_pk" primary key ("workspace_id", "kind"))
create table "notification_optouts" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "customer_id" text not null references "customers" ("id") on delete cascade, "created_at" bigint not null, constraint "notification_optouts_pk" primary key ("workspace_id", "customer_id"))
create table "notifications" ("id" text primary key, "workspace_id" text not null references "workspaces" ("id") on delete cascade, "job_id" text not null references "jobs" ("id") on delete cascade, "occurrence_key" bigint not null, "kind" text not null, "channel" text not null, "recipient" text not null, "status" text not null, "due_at" bigint not null, "attempts" integer not null, "reason" text, "lease_owner" text, "lease_expires_at" bigint, "event_key" text not null, "provider_id" text, "created_at" bigint not null, "sent_at" bigint, constraint "notifications_event" unique ("workspace_id", "event_key"))
create index "notifications_due" on "notifications" ("status", "due_at")
create index "notifications_job" on "notifications" ("workspace_id", "job_id", "created_at")
-- 0015-notifications down
drop table "notifications"
drop table "notification_optouts"
drop table "notification_templates"
drop table "notification_settings"
-- 0016-photo-location up
alter table "workspaces" add column "keep_photo_location" integer default 0 not null
alter table "photos" add column "lat" double precision
alter table "photos" add column "lng" double precision
-- 0016-photo-location down
alter table "photos" drop column "lng"
alter table "photos" drop column "lat"
alter table "workspaces" drop column "keep_photo_location"
-- 0017-booking up
create table "booking_settings" ("workspace_id" text primary key references "workspaces" ("id") on delete cascade, "enabled" integer not null, "auto_confirm" integer not null, "hold_hours" integer not null, "pending_cap" integer not null, "horizon_days" integer not null, "min_notice_hours" integer not null, "intro" text not null, "version" integer not null, "updated_at" bigint not null)
create table "booking_services" ("id" text primary key, "workspace_id" text not null references "workspaces" ("id") on delete cascade, "name" text not null, "duration_minutes" integer not null, "technician_ids" text not null, "active" integer not null, "position" integer not null, "version" integer not null, "created_at" bigint not null, "updated_at" bigint not null)
create index "booking_services_workspace" on "booking_services" ("workspace_id", "position")
create table "booking_requests" ("id" text primary key, "workspace_id" text not null references "workspaces" ("id") on delete cascade, "job_id" text references "jobs" ("id") on delete set null, "service_id" text references "booking_services" ("id") on delete set null, "service_name" text not null, "start_at" bigint not null, "end_at" bigint not null, "technician_id" text, "status" text not null, "customer_id" text references "customers" ("id") on delete set null, "name" text not null, "email" text not null, "phone" text, "address" text not null, "lat" double precision not null, "lng" double precision not null, "notes" text not null, "hold_expires_at" bigint, "created_at" bigint not null, "decided_at" bigint, "decided_by" text, "decline_reason" text, "client_address" text not null, "version" integer not null)
create index "booking_requests_status" on "booking_requests" ("workspace_id", "status", "created_at")
create index "booking_requests_hold" on "booking_requests" ("status", "hold_expires_at")
create index "booking_requests_job" on "booking_requests" ("job_id")
create index "booking_requests_email" on "booking_requests" ("workspace_id", "email", "status")
create table "booking_challenges" ("id" text primary key, "workspace_id" text not null references "workspaces" ("id") on delete cascade, "expires_at" bigint not null, "used_at" bigint not null)
create index "booking_challenges_expiry" on "booking_challenges" ("expires_at")
alter table "jobs" add column "booking_request_id" text
alter table "jobs" add column "booking_status" text
-- 0017-booking down
alter table "jobs" drop column "booking_status"
alter table "jobs" drop column "booking_request_id"
drop table "booking_challenges"
drop table "booking_requests"
drop table "booking_services"
drop table "booking_settings"
-- 0018-periodic-runs up
create table "periodic_runs" ("name" text primary key, "next_run_at" bigint not null, "lease_owner" text, "lease_expires_at" bigint, "last_started_at" bigint, "last_finished_at" bigint)
-- 0018-periodic-runs down
drop table "periodic_runs"
-- 0019-import up
create table "imports" ("id" text primary key, "workspace_id" text not null references "workspaces" ("id") on delete cascade, "kind" text not null, "file_name" text not null, "file_hash" text not null, "file_path" text not null, "format" text not null, "encoding" text not null, "encoding_guessed" integer not null, "delimiter" text not null, "headers" text not null, "header_row" integer not null, "mapping" text not null, "duplicate_policy" text not null, "status" text not null, "total_rows" integer not null, "processed_rows" integer not null, "created_count" integer not null, "updated_count" integer not null, "skipped_count" integer not null, "refused_count" integer not null, "geocode_total" integer not null, "geocoded_rows" integer not null, "refusals" text not null, "error" text, "lease_owner" text, "lease_until" bigint, "version" integer not null, "created_by" text, "created_at" bigint not null, "updated_at" bigint not null)
create index "imports_workspace" on "imports" ("workspace_id", "created_at")
create index "imports_status" on "imports" ("status", "lease_until")
create table "import_rows" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "kind" text not null, "row_key" text not null, "import_id" text not null references "imports" ("id") on delete cascade, "row_number" integer not null, "entity_id" text not null, "outcome" text not null, "placed" integer not null, "geocode_query" text, constraint "import_rows_pk" primary key ("workspace_id", "kind", "row_key"))
create index "import_rows_import" on "import_rows" ("import_id", "placed", "row_number")
-- 0019-import down
drop table "import_rows"
drop table "imports"
-- 0020-booking-cap-hits up
alter table "booking_settings" add column "cap_hit_at" bigint
alter table "booking_settings" add column "cap_hit_scope" text
-- 0020-booking-cap-hits down
alter table "booking_settings" drop column "cap_hit_scope"
alter table "booking_settings" drop column "cap_hit_at"
-- 0021-languages up
alter table "users" add column "language" text
alter table "workspaces" add column "language" text default 'en' not null
alter table "customers" add column "language" text
-- 0021-languages down
alter table "customers" drop column "language"
alter table "workspaces" drop column "language"
alter table "users" drop column "language"
