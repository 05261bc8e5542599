import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { formatJobTime } from '../jobs/format-time';
import type { JobSnapshot } from './conflict';

interface ConflictDialogProps {
  open: boolean;
  mine: JobSnapshot;
  /** The job (occurrence) as it is now; null when the occurrence no longer exists. */
  theirs: JobSnapshot | null;
  theirVersion: number;
  zone: string;
  /** Member id → name. */
  names: ReadonlyMap<string, string>;
  busy?: boolean;
  onReload: () => void;
  onKeepMine: () => void;
}

const people = (ids: string[], names: ReadonlyMap<string, string>) =>
  ids.length === 0 ? 'Unassigned' : ids.map((id) => names.get(id) ?? 'Former member').join(', ');

/**
 * 412: someone saved the job after we loaded it. Shows their version beside ours (time,
 * technicians, title) and lets the user take theirs or apply theirs-then-mine.
 */
export function ConflictDialog(props: ConflictDialogProps) {
  const { open, mine, theirs, theirVersion, zone, names, busy = false, onReload, onKeepMine } = props;
  const rows = [
    {
      label: 'Time',
      theirs: theirs ? formatJobTime(theirs.start, theirs.end, theirs.allDay, zone) : 'Occurrence removed',
      mine: formatJobTime(mine.start, mine.end, mine.allDay, zone),
    },
    {
      label: 'Technicians',
      theirs: theirs ? people(theirs.assigneeIds, names) : '—',
      mine: people(mine.assigneeIds, names),
    },
    { label: 'Title', theirs: theirs?.title ?? '—', mine: mine.title },
  ];
  return (
    <Dialog
      open={open}
      onClose={onReload}
      role="alertdialog"
      title="Someone else changed this job"
      description="It was saved by someone else after you opened it. Take their version, or apply your change on top of it."
      footer={
        <>
          <Button onClick={onReload} data-autofocus disabled={busy}>
            Reload
          </Button>
          <Button variant="primary" onClick={onKeepMine} loading={busy}>
            Keep mine
          </Button>
        </>
      }
    >
      <table className="conflict-table">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Field</span>
            </th>
            <th scope="col">Their version (v{theirVersion})</th>
            <th scope="col">Yours</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const changed = row.theirs !== row.mine;
            return (
              <tr key={row.label} className={changed ? 'conflict-changed' : undefined}>
                <th scope="row">
                  {row.label}
                  {changed && (
                    <>
                      {' '}
                      <span className="conflict-flag">differs</span>
                    </>
                  )}
                </th>
                <td>{row.theirs}</td>
                <td>{row.mine}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Dialog>
  );
}
