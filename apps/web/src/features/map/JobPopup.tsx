import type { ReactNode } from 'react';
import { Icon } from '../../components/Icon';
// The same icons as the glyphs on the map.
import { statusIcon } from '../../entities/job/job-status';
import { dayAndTime, statusText } from './format';
import type { MapJob } from './types';
import './JobPopup.css';

interface JobPopupContentProps {
  job: MapJob;
  zone: string;
  /** Buttons and links under the details (Open, status changes). */
  actions?: ReactNode;
}

/** A job's popup: customer, address, time, technicians and status — all rendered as text. */
export function JobPopupContent({ job, zone, actions }: JobPopupContentProps) {
  return (
    <div className="fm-job">
      <h3 className="fm-job-title">{job.title}</h3>
      <p className={`fm-job-status status status-${job.status}`}>
        <Icon name={statusIcon[job.status]} size={14} />
        {statusText(job.status)}
      </p>
      <dl className="fm-job-facts">
        <dt>Customer</dt>
        <dd>{job.customerName ?? 'No customer'}</dd>
        <dt>Address</dt>
        <dd>{job.address || 'No address'}</dd>
        <dt>Time</dt>
        <dd>{dayAndTime(job, zone)}</dd>
        <dt>{job.technicianNames.length > 1 ? 'Technicians' : 'Technician'}</dt>
        <dd>{job.technicianNames.join(', ')}</dd>
      </dl>
      {job.outsideAreas && (
        <p className="fm-job-outside" role="note">
          Outside every service area
        </p>
      )}
      {actions && <div className="fm-job-actions">{actions}</div>}
    </div>
  );
}
