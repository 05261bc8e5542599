import type { ImportKind, PreviewRow } from '@fieldplan/shared';

const columnsOf: Record<ImportKind, readonly (readonly [string, string])[]> = {
  customers: [
    ['name', 'Name'],
    ['email', 'Email'],
    ['phone', 'Phone'],
    ['address', 'Address'],
    ['lat', 'Lat'],
    ['lng', 'Lng'],
    ['notes', 'Notes'],
  ],
  jobs: [
    ['title', 'Title'],
    ['customer', 'Customer'],
    ['address', 'Address'],
    ['start', 'Start'],
    ['end', 'End'],
    ['status', 'Status'],
    ['assignee', 'Technician'],
    ['notes', 'Notes'],
  ],
};

const customerNote: Record<'email' | 'name' | 'new', string> = {
  email: 'existing, same email',
  name: 'existing, same name',
  new: 'new customer',
};

/** A start or end as the reader's clock shows it (the server sends instants). */
const shown = (key: string, value: string) =>
  (key === 'start' || key === 'end') && value
    ? new Date(value).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
    : value;

const actionLabel: Record<PreviewRow['action'], string> = {
  create: 'New',
  update: 'Updates',
  skip: 'Skipped',
  refuse: 'Refused',
};

/** The preview: one line per row as saved, its problems under the cell they belong to. */
export function PreviewTable({ kind, rows }: { kind: ImportKind; rows: PreviewRow[] }) {
  const columns = columnsOf[kind];
  return (
    <div className="import-preview-wrap">
      <table className="import-preview">
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Action</th>
            {columns.map(([key, label]) => (
              <th key={key} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const rowProblems = r.problems.filter((p) => !columns.some(([key]) => key === p.field));
            return (
              <tr key={r.row} className={r.action === 'refuse' ? 'import-refused' : undefined} data-row={r.row}>
                <th scope="row">{r.row}</th>
                <td>
                  <span className={`import-action import-action-${r.action}`}>{actionLabel[r.action]}</span>
                  {r.match && (
                    <span className="import-match">
                      {' '}
                      {r.match.name} (same {r.match.by})
                    </span>
                  )}
                  {rowProblems.map((p) => (
                    <span key={p.message} className="import-problem">
                      {p.message}
                    </span>
                  ))}
                </td>
                {columns.map(([key]) => {
                  const problem = r.problems.find((p) => p.field === key);
                  return (
                    <td key={key} className={problem ? 'import-cell-bad' : undefined}>
                      {shown(key, r.values[key] ?? '') || <span className="import-empty">—</span>}
                      {key === 'customer' && r.customer && (
                        <span className="import-match"> ({customerNote[r.customer.by]})</span>
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
