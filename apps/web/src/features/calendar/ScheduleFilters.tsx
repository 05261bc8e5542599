import { type Area, type JobStatus, type Member, unassignedResourceId } from '@fieldplan/shared';
import { Icon } from '../../components/Icon';
import { Popover } from '../../components/Popover';
import { NamedOptions } from '../../components/Select';
import { allStatuses, StatusLabel, statusText } from '../../entities/job/job-status';
import type { ScheduleParams } from './use-schedule-params';
import { jobPriorities } from './visit-filter';
import './ScheduleFilters.css';

const priorityLabel = (p: number) => (p === 1 ? 'P1 · most urgent' : p === 5 ? 'P5 · whenever' : `P${p}`);

type FilterPatch = Partial<Pick<ScheduleParams, 'technicianId' | 'statuses' | 'areaId' | 'priority'>>;

interface ScheduleFiltersProps {
  members: readonly Member[];
  areas: readonly Area[];
  params: ScheduleParams;
  onChange: (patch: FilterPatch) => void;
}

/**
 * The schedule's filters — technician, statuses, service area, priority — on the dispatch board and
 * the calendar page alike, kept in the URL. One line: in a narrow calendar the area and priority
 * move into a "Filters" popover (ScheduleFilters.css).
 */
export function ScheduleFilters({ members, areas, params, onChange }: ScheduleFiltersProps) {
  const technicians = members.filter((m) => m.role === 'technician' && m.active);
  const more = (params.areaId ? 1 : 0) + (params.priority !== null ? 1 : 0);
  return (
    <div className="sched-filters">
      <label className="cal-filter">
        <span className="visually-hidden">Technician</span>
        <select
          className="select select-sm"
          value={params.technicianId ?? ''}
          onChange={(e) => onChange({ technicianId: e.target.value || null })}
        >
          <option value="">All technicians</option>
          <option value={unassignedResourceId}>Unassigned</option>
          <NamedOptions items={technicians} />
        </select>
      </label>
      <StatusFilter statuses={params.statuses} onChange={onChange} />
      <div className="sched-filters-inline">
        <AreaAndPriority areas={areas} params={params} onChange={onChange} />
      </div>
      <div className="sched-filters-more">
        <Popover
          button={
            <>
              <Icon name="filter" size={14} />
              Filters{more > 0 ? ` · ${more}` : ''}
            </>
          }
          buttonLabel={more > 0 ? `More filters: ${more} on` : 'More filters'}
          buttonClassName="btn btn-secondary btn-sm"
          title="Area and priority"
          align="end"
        >
          {() => (
            <div className="sched-filters-panel">
              <AreaAndPriority areas={areas} params={params} onChange={onChange} />
            </div>
          )}
        </Popover>
      </div>
    </div>
  );
}

function AreaAndPriority({ areas, params, onChange }: Omit<ScheduleFiltersProps, 'members'>) {
  return (
    <>
      <label className="cal-filter">
        <span className="visually-hidden">Service area</span>
        <select
          className="select select-sm"
          value={params.areaId ?? ''}
          onChange={(e) => onChange({ areaId: e.target.value || null })}
        >
          <option value="">All areas</option>
          <NamedOptions items={areas} />
        </select>
      </label>
      <label className="cal-filter">
        <span className="visually-hidden">Priority</span>
        <select
          className="select select-sm"
          value={params.priority === null ? '' : String(params.priority)}
          onChange={(e) => onChange({ priority: e.target.value ? Number(e.target.value) : null })}
        >
          <option value="">All priorities</option>
          {jobPriorities.map((p) => (
            <option key={p} value={p}>
              {priorityLabel(p)}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

function StatusFilter({ statuses, onChange }: { statuses: JobStatus[]; onChange: (patch: FilterPatch) => void }) {
  const summary =
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
    <Popover
      button={
        <>
          <Icon name="filter" size={14} />
          {summary}
        </>
      }
      buttonLabel={`Status filter: ${summary}`}
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
  );
}
