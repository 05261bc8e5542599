import { can } from '@fieldplan/shared';
import { Link } from 'react-router';
import { buttonClass } from '../../components/Button';
import { Skeleton } from '../../components/Skeleton';
import { useVisitRecordQuery } from '../../entities/record/endpoints';
import { useGetWorkspaceQuery } from '../../entities/workspace/endpoints';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { Message } from '../../lib/i18n';
import { problemMessage, toProblem } from '../../lib/problem';
import { AttachChecklists } from './AttachChecklists';
import { VisitRecordView } from './VisitRecordView';
import './VisitRecord.css';

/**
 * The job panel's "Work record" of one visit: live (note, photo, checklist and signature changes patch
 * the cached record), with a link to the printable report.
 */
export function VisitRecordSection({
  workspaceId,
  slug,
  jobId,
  occurrence,
}: {
  workspaceId: string;
  slug: string;
  jobId: string;
  occurrence: string | null;
}) {
  const { data: record, error, isLoading } = useVisitRecordQuery({ workspaceId, jobId, occurrence });
  const { data: workspace } = useGetWorkspaceQuery(workspaceId);
  const { role } = useWorkspace();
  const report = `/w/${slug}/jobs/${encodeURIComponent(jobId)}/report${
    occurrence ? `?occurrence=${encodeURIComponent(occurrence)}` : ''
  }`;
  return (
    <section className="vr-panel" aria-labelledby="vr-panel-title">
      <div className="vr-panel-head">
        <h2 id="vr-panel-title">
          <Message id="workRecord.panel.heading" />
        </h2>
        <Link className={buttonClass('secondary', 'sm')} to={report}>
          <Message id="workRecord.panel.report" />
        </Link>
      </div>
      {can(role, 'schedule.write') && <AttachChecklists workspaceId={workspaceId} jobId={jobId} />}
      {isLoading ? (
        <Skeleton height={60} />
      ) : record ? (
        <VisitRecordView
          record={record}
          timeZone={workspace?.timeZone}
          editPhotosOf={can(role, 'record.write.any') ? { workspaceId, jobId, occurrence } : undefined}
        />
      ) : (
        <p className="vr-empty">{problemMessage(toProblem(error))}</p>
      )}
    </section>
  );
}
