import { type ImportKind, isLocale, type PreviewRow } from '@fieldplan/shared';
import { defineMessages, type MessageDescriptor } from 'react-intl';
import { formatDateTime } from '../../lib/format';
import { languageNames, Message, useIntl } from '../../lib/i18n';

const column = defineMessages({
  name: { id: 'import.preview.column.name' },
  email: { id: 'import.preview.column.email' },
  phone: { id: 'import.preview.column.phone' },
  address: { id: 'import.preview.column.address' },
  lat: { id: 'import.preview.column.lat' },
  lng: { id: 'import.preview.column.lng' },
  notes: { id: 'import.preview.column.notes' },
  language: { id: 'import.preview.column.language' },
  title: { id: 'import.preview.column.title' },
  customer: { id: 'import.preview.column.customer' },
  start: { id: 'import.preview.column.start' },
  end: { id: 'import.preview.column.end' },
  status: { id: 'import.preview.column.status' },
  assignee: { id: 'import.preview.column.assignee' },
});

const columnsOf: Record<ImportKind, readonly (keyof typeof column)[]> = {
  customers: ['name', 'email', 'phone', 'address', 'lat', 'lng', 'notes', 'language'],
  jobs: ['title', 'customer', 'address', 'start', 'end', 'status', 'assignee', 'notes'],
};

const customerNote: Record<'email' | 'name' | 'new', MessageDescriptor> = defineMessages({
  email: { id: 'import.preview.customer.email' },
  name: { id: 'import.preview.customer.name' },
  new: { id: 'import.preview.customer.new' },
});

/**
 * A start or end as the reader's clock shows it, in the workspace's formats (the server sends
 * instants); a language by its own name (never translated); anything else as the file has it.
 */
function shown(key: string, value: string): string {
  if ((key === 'start' || key === 'end') && value) return formatDateTime(value);
  if (key === 'language' && isLocale(value)) return languageNames[value];
  return value;
}

const actionLabel: Record<PreviewRow['action'], MessageDescriptor> = defineMessages({
  create: { id: 'import.preview.action.create' },
  update: { id: 'import.preview.action.update' },
  skip: { id: 'import.preview.action.skip' },
  refuse: { id: 'import.preview.action.refuse' },
});

/** The preview: one line per row as saved, its problems under the cell they belong to. */
export function PreviewTable({ kind, rows }: { kind: ImportKind; rows: PreviewRow[] }) {
  const intl = useIntl();
  const columns = columnsOf[kind];
  return (
    <div className="import-preview-wrap">
      <table className="import-preview">
        <thead>
          <tr>
            <th scope="col">
              <Message id="import.preview.rowHeading" />
            </th>
            <th scope="col">
              <Message id="import.preview.actionHeading" />
            </th>
            {columns.map((key) => (
              <th key={key} scope="col">
                {intl.formatMessage(column[key])}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const rowProblems = r.problems.filter((p) => !columns.some((key) => key === p.field));
            return (
              <tr key={r.row} className={r.action === 'refuse' ? 'import-refused' : undefined} data-row={r.row}>
                <th scope="row">{r.row}</th>
                <td>
                  <span className={`import-action import-action-${r.action}`}>
                    {intl.formatMessage(actionLabel[r.action])}
                  </span>
                  {r.match && (
                    <span className="import-match">
                      {' '}
                      <Message id="import.preview.match" values={{ name: r.match.name, by: r.match.by }} />
                    </span>
                  )}
                  {rowProblems.map((p) => (
                    <span key={p.message} className="import-problem">
                      {p.message}
                    </span>
                  ))}
                </td>
                {columns.map((key) => {
                  const problem = r.problems.find((p) => p.field === key);
                  return (
                    <td key={key} className={problem ? 'import-cell-bad' : undefined}>
                      {shown(key, r.values[key] ?? '') || <span className="import-empty">—</span>}
                      {key === 'customer' && r.customer && (
                        <span className="import-match"> ({intl.formatMessage(customerNote[r.customer.by])})</span>
                      )}
                      {problem && <span className="import-problem">{problem.message}</span>}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
