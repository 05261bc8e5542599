import type { PreviewRow } from '@fieldplan/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../test/fake-api';
import { renderWithStore } from '../../test/render';
import { PreviewTable } from './PreviewTable';

const row = (n: number, language: string, problems: PreviewRow['problems'] = []): PreviewRow => ({
  row: n,
  values: { name: `Kunde ${n}`, email: '', phone: '', address: 'Torstraße 1', lat: '', lng: '', notes: '', language },
  problems,
  match: null,
  action: problems.length > 0 ? 'refuse' : 'create',
});

describe('the import preview', () => {
  it('shows a customer’s language by its own name, and a refused one as the file wrote it with its problem', () => {
    renderWithStore(
      <PreviewTable
        kind="customers"
        rows={[
          row(2, 'de'),
          row(3, ''),
          row(4, 'fr', [{ row: 4, field: 'language', message: 'Language "fr" is not one Fieldplan speaks' }]),
        ]}
      />,
      fakeFetch({}),
    );
    expect(screen.getByRole('columnheader', { name: 'Language' })).toBeInTheDocument();
    const [, de, none, fr] = screen.getAllByRole('row');
    expect(within(de as HTMLElement).getByText('Deutsch')).toBeInTheDocument();
    expect(within(none as HTMLElement).queryByText('Deutsch')).toBeNull();
    expect(within(fr as HTMLElement).getByText('fr')).toBeInTheDocument();
    expect(screen.getByText('Language "fr" is not one Fieldplan speaks')).toBeInTheDocument();
  });
});
