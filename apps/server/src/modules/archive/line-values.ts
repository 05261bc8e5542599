// What the dump files share in writing rows as archive lines: numbers as numbers (PostgreSQL hands
// bigint and numeric columns over as text) and a visit's reference.

export const n = (v: unknown) => Number(v);
export const nn = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** A visit's row's reference in a line: its job and occurrence. */
export const visitRef = (r: { job_id: string; occurrence_key: number | string }) => ({
  jobId: r.job_id,
  occurrenceKey: n(r.occurrence_key),
});
