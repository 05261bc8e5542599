import { ConflictDialog as VersionConflictDialog } from '../../components/ConflictDialog';
import { t } from '../../lib/i18n';
import type { JobSnapshot } from './conflict';
import { formatJobTime } from './format-time';

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
  ids.length === 0
    ? t({ id: 'entities.conflict.unassigned' })
    : ids.map((id) => names.get(id) ?? t({ id: 'entities.conflict.formerMember' })).join(', ');

/**
 * 412 on a job: the shared conflict dialog with a job's rows (time, technicians, title), theirs
 * beside ours; Reload takes theirs, Keep mine applies theirs-then-mine.
 */
export function ConflictDialog(props: ConflictDialogProps) {
  const { mine, theirs, zone, names, ...dialog } = props;
  const rows = [
    {
      label: t({ id: 'entities.conflict.time' }),
      theirs: theirs
        ? formatJobTime(theirs.start, theirs.end, theirs.allDay, zone)
        : t({ id: 'entities.conflict.occurrenceRemoved' }),
      mine: formatJobTime(mine.start, mine.end, mine.allDay, zone),
    },
    {
      label: t({ id: 'entities.conflict.technicians' }),
      theirs: theirs ? people(theirs.assigneeIds, names) : '—',
      mine: people(mine.assigneeIds, names),
    },
    {
      label: t({ id: 'entities.conflict.title' }),
      theirs: theirs?.title ?? '—',
      mine: mine.title,
    },
  ];
  return <VersionConflictDialog noun="job" rows={rows} {...dialog} />;
}
