/**
 * The operations of the import of customers from CSV or Excel (docs/PRODUCT.md, "Import";
 * docs/adr/0034-import.md); merged into the table in operations.ts.
 */
import type { OperationFacts } from './operation-facts.js';

export const importOperations: Record<string, OperationFacts> = {
  'POST /api/v1/workspaces/{ws}/imports': {
    id: 'uploadImport',
    summary: 'Upload a CSV or Excel file to import (its header, encoding and suggested mapping)',
    requestBody: {
      description: 'The file itself, at most 50 MB: CSV text or an .xlsx workbook.',
      required: true,
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    },
  },
  'GET /api/v1/workspaces/{ws}/imports': { id: 'listImports', summary: "The workspace's latest imports" },
  'GET /api/v1/workspaces/{ws}/imports/{id}': { id: 'getImport', summary: 'An import and its progress' },
  'POST /api/v1/workspaces/{ws}/imports/{id}/preview': {
    id: 'previewImport',
    summary: 'The first rows as they would be saved, with their problems and matches',
  },
  'POST /api/v1/workspaces/{ws}/imports/{id}/start': {
    id: 'startImport',
    summary: 'Start the import in the background',
    also: [409],
  },
  'POST /api/v1/workspaces/{ws}/imports/{id}/resume': {
    id: 'resumeImport',
    summary: 'Resume a failed import where it stopped',
    also: [409],
  },
  'GET /api/v1/workspaces/{ws}/imports/{id}/unplaced': {
    id: 'listUnplacedImportRows',
    summary: "An import's rows that could not be placed on the map",
  },
};
