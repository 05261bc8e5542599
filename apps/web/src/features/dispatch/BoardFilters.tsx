import type { Area, JobStatus, Member } from '@fieldplan/shared';
import { CalendarFilters, jobPriorities, type ScheduleParams } from '../calendar';
import './BoardFilters.css';

const priorityLabel = (p: number) => (p === 1 ? 'P1 · most urgent' : p === 5 ? 'P5 · whenever' : `P${p}`);

interface BoardFiltersProps {
  members: readonly Member[];
  areas: readonly Area[];
  params: ScheduleParams;
  onChange: (patch: {
    technicianId?: string | null;
    statuses?: JobStatus[];
    areaId?: string | null;
    priority?: number | null;
  }) => void;
}

/**
 * The board's filters — technician, statuses, service area, priority — for the queue, the timeline
 * and the map together; kept in the URL so a link shows the same board.
 */
export function BoardFilters({ members, areas, params, onChange }: BoardFiltersProps) {
  return (
    <div className="board-filters">
      <CalendarFilters
        members={members}
        technicianId={params.technicianId}
        statuses={params.statuses}
        onChange={onChange}
      />
      <label className="cal-filter">
        <span className="visually-hidden">Service area</span>
        <select
          className="select select-sm"
          value={params.areaId ?? ''}
          onChange={(e) => onChange({ areaId: e.target.value || null })}
        >
          <option value="">All areas</option>
          {areas.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
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
    </div>
  );
}
