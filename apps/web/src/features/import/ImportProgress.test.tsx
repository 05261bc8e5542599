import type { Import } from '@fieldplan/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeFetch, problem } from '../../test/fake-api';
import { workspaceId, workspaceRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const why =
  "wide.csv has 250 columns; an import reads at most 200: remove the columns you don't need and upload it again";

const failed: Import = {
  id: 'imp-1',
  kind: 'customers',
  fileName: 'wide.csv',
  format: 'csv',
  encoding: 'utf-8',
  encodingGuessed: false,
  headers: ['Name'],
  mapping: ['name'],
  duplicatePolicy: 'skip',
  status: 'failed',
  totalRows: 3,
  processedRows: 0,
  created: 0,
  updated: 0,
  skipped: 0,
  refused: 0,
  unplaced: 0,
  geocodedRows: 0,
  geocodeTotal: 0,
  refusals: [],
  error: why,
  version: 1,
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
};

// The import's result step (docs/PRODUCT.md, "Import"): a failed import says why, and so does a refused Resume.
describe('a failed import', () => {
  it('shows why a Resume was refused, in the words of the file’s problem', async () => {
    const user = userEvent.setup();
    const path = `/workspaces/${workspaceId}/imports/imp-1`;
    renderApp(
      '/w/demo/customers/import?id=imp-1',
      fakeFetch({
        ...workspaceRoutes('dispatcher'),
        [`GET ${path}`]: failed,
        [`POST ${path}/resume`]: () => problem('validation_failed', why, { errors: [{ path: 'file', message: why }] }),
      }),
    );
    expect(await screen.findByText(/The import stopped/)).toBeInTheDocument();
    // The reason shows once, as the import's error (with more words around it) …
    expect(screen.queryByText(why)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    // … and again on its own, as the answer to Resume.
    expect(await screen.findByText(why)).toBeInTheDocument();
  });
});
