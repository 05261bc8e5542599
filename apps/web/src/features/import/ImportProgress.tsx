import type { Import } from '@fieldplan/shared';
import { Link } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Panel } from '../../components/Panel';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { problemMessage, toProblem } from '../../lib/problem';
import { useResumeImportMutation, useUnplacedRowsQuery } from './endpoints';

/** How far along: rows while they are written, then addresses while they are placed. */
function progressOf(imp: Import): { label: string; share: number } {
  if (imp.status === 'running') {
    return {
      label: `Importing rows: ${imp.processedRows.toLocaleString()} of ${imp.totalRows.toLocaleString()}`,
      share: imp.totalRows ? imp.processedRows / imp.totalRows : 0,
    };
  }
  if (imp.status === 'geocoding') {
    return {
      label: `Placing addresses on the map: ${imp.geocodedRows.toLocaleString()} of ${imp.geocodeTotal.toLocaleString()}`,
      share: imp.geocodeTotal ? imp.geocodedRows / imp.geocodeTotal : 1,
    };
  }
  return { label: 'Done', share: 1 };
}

/** Step 4: the progress (it survives a reload: it is the import's own), then the summary. */
export function ImportProgress({ workspaceId, imp }: { workspaceId: string; imp: Import }) {
  const { slug } = useWorkspace();
  const [resume, resuming] = useResumeImportMutation();
  const finished = imp.status === 'done' || imp.status === 'failed';
  const unplaced = useUnplacedRowsQuery({ workspaceId, id: imp.id }, { skip: !finished || imp.unplaced === 0 });
  const { label, share } = progressOf(imp);
  // A file's own problem (on `file`) says what to change, as on the upload step.
  const refusal = resuming.error ? toProblem(resuming.error) : null;
  const whyNot = refusal ? (refusal.errors?.[0]?.message ?? problemMessage(refusal)) : null;
  const counts: [string, number][] = [
    ['Created', imp.created],
    ['Updated', imp.updated],
    ['Skipped', imp.skipped],
    ['Refused', imp.refused],
  ];

  return (
    <Panel title={finished ? '4. Result' : '4. Importing'} description={imp.fileName}>
      {!finished && (
        <>
          <p className="import-note">{label} — you may leave this page; the import goes on.</p>
          <div
            className="import-bar"
            role="progressbar"
            aria-label={label}
            aria-valuenow={Math.round(share * 100)}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <span style={{ width: `${Math.round(share * 100)}%` }} />
          </div>
        </>
      )}
      {imp.status === 'failed' && (
        <Alert title="The import stopped">
          {imp.error} Rows imported so far stay.{' '}
          <Button size="sm" onClick={() => void resume({ workspaceId, id: imp.id })} disabled={resuming.isLoading}>
            Resume
          </Button>
          {whyNot && <p>{whyNot}</p>}
        </Alert>
      )}
      <dl className="import-counts" data-testid="import-counts">
        {counts.map(([name, n]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{n.toLocaleString()}</dd>
          </div>
        ))}
      </dl>
      {imp.refusals.length > 0 && (
        <details className="import-list">
          <summary>Refused rows ({imp.refused.toLocaleString()})</summary>
          <ul>
            {imp.refusals.map((p) => (
              <li key={`${p.row}-${p.field}`}>
                Row {p.row}: {p.message}
              </li>
            ))}
          </ul>
        </details>
      )}
      {finished && imp.unplaced > 0 && (
        <div className="import-list">
          <h3>Not on the map yet ({imp.unplaced.toLocaleString()})</h3>
          <p className="import-note">Their addresses couldn't be placed. Open each one and set its pin.</p>
          <ul>
            {unplaced.data?.items.map((u) => (
              <li key={u.id}>
                <Link to={`/w/${slug}/customers/${u.id}`}>{u.name}</Link> — {u.address} (row {u.row})
              </li>
            ))}
          </ul>
        </div>
      )}
      {finished && (
        <p>
          {imp.kind === 'jobs' ? (
            <Link to={`/w/${slug}/calendar`}>See them on the calendar</Link>
          ) : (
            <Link to={`/w/${slug}/customers`}>See your customers</Link>
          )}{' '}
          ·{' '}
          <Link to={`/w/${slug}/customers/import${imp.kind === 'jobs' ? '?kind=jobs' : ''}`}>Import another file</Link>
        </p>
      )}
    </Panel>
  );
}
