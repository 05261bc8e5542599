import type { OperationFacts } from './operation-facts.js';

const sheet = {
  200: {
    description:
      "The rows as a download: `text/csv` (RFC 4180, UTF-8; `csv-excel` adds a byte-order mark and `;`) or an .xlsx workbook. Text cells starting with `=`, `+`, `-`, `@`, a tab or CR get a leading `'` (formula injection).",
    content: {
      'text/csv': { schema: { type: 'string' } },
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
        schema: { type: 'string', format: 'binary' },
      },
    },
  },
};

/** Export and the workspace archive (docs/adr/0035-export-and-workspace-archive.md). */
export const exportOperations: Record<string, OperationFacts> = {
  'GET /api/v1/workspaces/{ws}/exports/customers': {
    id: 'exportCustomers',
    summary: 'Export the customers list as CSV or .xlsx',
    rateLimited: true,
    answers: sheet,
  },
  'GET /api/v1/workspaces/{ws}/exports/jobs': {
    id: 'exportJobs',
    summary: 'Export the jobs list as CSV or .xlsx',
    rateLimited: true,
    answers: sheet,
  },
  'GET /api/v1/workspaces/{ws}/exports/visits': {
    id: 'exportVisits',
    summary: "Export a range's visits with notes and checklist answers",
    rateLimited: true,
    answers: sheet,
  },
  'GET /api/v1/workspaces/{ws}/archive': {
    id: 'downloadWorkspaceArchive',
    summary: 'Download the whole workspace as an archive (owner)',
    rateLimited: true,
    answers: {
      200: {
        description:
          'A zip: `manifest.json` (format, version, counts), one `<kind>.jsonl` per entity, `photos/<id>` and `photos/<id>.thumb`, `signatures/<id>.png`.',
        content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
      },
    },
  },
  'POST /api/v1/workspace-archives': {
    id: 'restoreWorkspaceArchive',
    summary: 'Create a new workspace from an archive',
    rateLimited: true,
    // Its photos go to the file storage.
    also: [507],
    requestBody: {
      description: 'The archive as downloaded (`application/zip`).',
      required: true,
      content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
    },
  },
};
