import type { Import } from '@fieldplan/shared';
import { defineMessages } from 'react-intl';
import { Link } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Panel } from '../../components/Panel';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { formatCount } from '../../lib/format';
import { Message, t, useIntl } from '../../lib/i18n';
import { problemMessage, toProblem } from '../../lib/problem';
import { useResumeImportMutation, useUnplacedRowsQuery } from './endpoints';

/** How far along: rows while they are written, then addresses while they are placed. */
function progressOf(imp: Import): { label: string; share: number } {
  if (imp.status === 'running') {
    return {
      label: t(
        { id: 'import.progress.rows' },
        { done: formatCount(imp.processedRows), total: formatCount(imp.totalRows) },
      ),
      share: imp.totalRows ? imp.processedRows / imp.totalRows : 0,
    };
  }
  if (imp.status === 'geocoding') {
    return {
      label: t(
        { id: 'import.progress.addresses' },
        { done: formatCount(imp.geocodedRows), total: formatCount(imp.geocodeTotal) },
      ),
      share: imp.geocodeTotal ? imp.geocodedRows / imp.geocodeTotal : 1,
    };
  }
  return { label: t({ id: 'import.progress.done' }), share: 1 };
}

const countLabel = defineMessages({
  created: { id: 'import.result.created' },
  updated: { id: 'import.result.updated' },
  skipped: { id: 'import.result.skipped' },
  refused: { id: 'import.result.refused' },
});

/** Step 4: the progress (it survives a reload: it is the import's own), then the summary. */
export function ImportProgress({ workspaceId, imp }: { workspaceId: string; imp: Import }) {
  const intl = useIntl();
  const { slug } = useWorkspace();
  const [resume, resuming] = useResumeImportMutation();
  const finished = imp.status === 'done' || imp.status === 'failed';
  const unplaced = useUnplacedRowsQuery({ workspaceId, id: imp.id }, { skip: !finished || imp.unplaced === 0 });
  const { label, share } = progressOf(imp);
  // A file's own problem (on `file`) says what to change, as on the upload step.
  const refusal = resuming.error ? toProblem(resuming.error) : null;
  const whyNot = refusal ? (refusal.errors?.[0]?.message ?? problemMessage(refusal)) : null;
  const counts = (['created', 'updated', 'skipped', 'refused'] as const).map(
    (key) => [intl.formatMessage(countLabel[key]), imp[key]] as const,
  );

  return (
    <Panel
      title={
        finished
          ? intl.formatMessage({ id: 'import.result.title' })
          : intl.formatMessage({ id: 'import.progress.title' })
      }
      description={imp.fileName}
    >
      {!finished && (
        <>
          <p className="import-note">
            <Message id="import.progress.mayLeave" values={{ progress: label }} />
          </p>
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
        <Alert title={intl.formatMessage({ id: 'import.result.stopped' })}>
          <Message id="import.result.stoppedText" values={{ error: imp.error }} />{' '}
          <Button size="sm" onClick={() => void resume({ workspaceId, id: imp.id })} disabled={resuming.isLoading}>
            <Message id="import.result.resume" />
          </Button>
          {whyNot && <p>{whyNot}</p>}
        </Alert>
      )}
      <dl className="import-counts" data-testid="import-counts">
        {counts.map(([name, n]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{formatCount(n)}</dd>
          </div>
        ))}
      </dl>
      {imp.refusals.length > 0 && (
        <details className="import-list">
          <summary>
            <Message id="import.result.refusedRows" values={{ count: formatCount(imp.refused) }} />
          </summary>
          <ul>
            {imp.refusals.map((p) => (
              <li key={`${p.row}-${p.field}`}>
                <Message id="import.result.refusal" values={{ row: String(p.row), message: p.message }} />
              </li>
            ))}
          </ul>
        </details>
      )}
      {finished && imp.unplaced > 0 && (
        <div className="import-list">
          <h3>
            <Message id="import.result.unplaced" values={{ count: formatCount(imp.unplaced) }} />
          </h3>
          <p className="import-note">
            <Message id="import.result.unplacedNote" />
          </p>
          <ul>
            {unplaced.data?.items.map((u) => (
              <li key={u.id}>
                <Message
                  id="import.result.unplacedRow"
                  values={{
                    name: u.name,
                    address: u.address,
                    row: String(u.row),
                    link: (chunks) => <Link to={`/w/${slug}/customers/${u.id}`}>{chunks}</Link>,
                  }}
                />
              </li>
            ))}
          </ul>
        </div>
      )}
      {finished && (
        <p>
          {imp.kind === 'jobs' ? (
            <Link to={`/w/${slug}/calendar`}>
              <Message id="import.result.seeCalendar" />
            </Link>
          ) : (
            <Link to={`/w/${slug}/customers`}>
              <Message id="import.result.seeCustomers" />
            </Link>
          )}{' '}
          ·{' '}
          <Link to={`/w/${slug}/customers/import${imp.kind === 'jobs' ? '?kind=jobs' : ''}`}>
            <Message id="import.result.another" />
          </Link>
        </p>
      )}
    </Panel>
  );
}
