import type { ReactNode } from 'react';
import { Fact } from '../../components/Fact';
import { Icon } from '../../components/Icon';
// The same icons as the glyphs on the map.
import { statusIcon, statusText } from '../../entities/job/job-status';
import { Message } from '../../lib/i18n';
import { outsideEveryArea } from './content';
import { dayAndTime } from './format';
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
        <Fact term={<Message id="map.popup.customer" />}>
          {job.customerName ?? <Message id="map.popup.noCustomer" />}
        </Fact>
        <Fact term={<Message id="map.popup.address" />}>{job.address || <Message id="map.popup.noAddress" />}</Fact>
        <Fact term={<Message id="map.popup.time" />}>{dayAndTime(job, zone)}</Fact>
        <Fact term={<Message id="map.popup.technicians" values={{ count: job.technicianNames.length }} />}>
          {job.technicianNames.join(', ')}
        </Fact>
      </dl>
      {job.outsideAreas && (
        <p className="fm-job-outside" role="note">
          {outsideEveryArea()}
        </p>
      )}
      {actions && <div className="fm-job-actions">{actions}</div>}
    </div>
  );
}
