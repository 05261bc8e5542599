/** The import's tables (migration 0019, docs/adr/0034-import.md). */
export interface ImportsTable {
  id: string;
  workspace_id: string;
  /** 'customers' | 'jobs' */
  kind: string;
  file_name: string;
  /** sha256 of the file's bytes (hex): part of every row key. */
  file_hash: string;
  /** Where the uploaded bytes are kept until the import is done. */
  file_path: string;
  /** 'csv' | 'xlsx' */
  format: string;
  encoding: string;
  encoding_guessed: number;
  /** The CSV's field separator (empty for xlsx). */
  delimiter: string;
  /** JSON: the header's column names. */
  headers: string;
  /** The header's row number (rows above it are empty). */
  header_row: number;
  /** JSON: one field name (or null) per column. */
  mapping: string;
  duplicate_policy: string;
  /** 'uploaded' | 'running' | 'geocoding' | 'done' | 'failed' */
  status: string;
  total_rows: number;
  processed_rows: number;
  created_count: number;
  updated_count: number;
  skipped_count: number;
  refused_count: number;
  geocode_total: number;
  geocoded_rows: number;
  /** JSON: the first refused rows with their problems. */
  refusals: string;
  error: string | null;
  lease_owner: string | null;
  lease_until: number | null;
  version: number;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

export interface ImportRowsTable {
  workspace_id: string;
  kind: string;
  row_key: string;
  import_id: string;
  row_number: number;
  entity_id: string;
  /** 'created' | 'updated' | 'skipped' */
  outcome: string;
  placed: number;
  /** What geocoding searches for, while unplaced. */
  geocode_query: string | null;
}
