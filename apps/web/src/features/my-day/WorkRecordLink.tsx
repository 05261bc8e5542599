import type { MyDayVisit } from '@fieldplan/shared';
import { Link } from 'react-router';
import { Icon } from '../../components/Icon';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { Message } from '../../lib/i18n';

/** The visit's work record (notes, photos, checklist, signature) on its own screen; `date` is the day shown, to come back to. */
export function WorkRecordLink({ visit, date }: { visit: Pick<MyDayVisit, 'jobId' | 'occurrence'>; date: string }) {
  const { slug } = useWorkspace();
  const query = new URLSearchParams({ ...(visit.occurrence ? { occurrence: visit.occurrence } : {}), date });
  return (
    <Link
      className="myday-link myday-record"
      to={`/w/${slug}/my-day/visit/${encodeURIComponent(visit.jobId)}?${query}`}
    >
      <Icon name="pencil" size={18} />
      <Message id="myDay.card.workRecord" />
    </Link>
  );
}
