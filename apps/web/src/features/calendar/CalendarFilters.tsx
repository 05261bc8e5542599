import { type JobStatus, type Member, unassignedResourceId } from '@fieldplan/shared';
import { Icon } from '../../components/Icon';
import { Popover } from '../../components/Popover';
import { allStatuses, StatusLabel, statusText } from '../../entities/job/job-status';

interface CalendarFiltersProps {
  members: readonly Member[];
  technicianId: string | null;
  statuses: JobStatus[];
  onChange: (patch: { technicianId?: string | null; statuses?: JobStatus[] }) => void;
}

/** Technician and status filters of the full-size calendar (kept in the URL). */
export function CalendarFilters({ members, technicianId, statuses, onChange }: CalendarFiltersProps) {
  const technicians = members.filter((m) => m.role === 'technician' && m.active);
  const statusSummary =
    statuses.length === 0
      ? 'All statuses'
      : statuses.length === 1
        ? statusText(statuses[0] ?? 'scheduled')
        : `${statuses.length} statuses`;
  const toggle = (status: JobStatus) =>
    onChange({
      statuses: statuses.includes(status)
        ? statuses.filter((s) => s !== status)
        : allStatuses.filter((s) => s === status || statuses.includes(s)),
    });
  return (
    <div className="cal-filters">
      <label className="cal-filter">
        <span className="visually-hidden">Technician</span>
        <select
          className="select select-sm"
          value={technicianId ?? ''}
          onChange={(e) => onChange({ technicianId: e.target.value || null })}
        >
          <option value="">All technicians</option>
          <option value={unassignedResourceId}>Unassigned</option>
          {technicians.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </select>
      </label>
      <Popover
        button={
          <>
            <Icon name="filter" size={14} />
            {statusSummary}
          </>
        }
        buttonLabel={`Status filter: ${statusSummary}`}
        buttonClassName="btn btn-secondary btn-sm"
        title="Show jobs that are"
        align="end"
      >
        {() => (
          <fieldset className="status-filter">
            <legend className="visually-hidden">Statuses</legend>
            {allStatuses.map((status) => (
              <label key={status} className="status-filter-option">
                <input type="checkbox" checked={statuses.includes(status)} onChange={() => toggle(status)} />
                <StatusLabel status={status} />
              </label>
            ))}
            {statuses.length > 0 && (
              <button type="button" className="link-button" onClick={() => onChange({ statuses: [] })}>
                Show all statuses
              </button>
            )}
          </fieldset>
        )}
      </Popover>
    </div>
  );
}
