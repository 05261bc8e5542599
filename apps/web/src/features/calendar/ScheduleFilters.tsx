import { type Area, type JobStatus, type Member, unassignedResourceId } from '@fieldplan/shared';
import type { ReactNode } from 'react';
import { Icon } from '../../components/Icon';
import { Popover } from '../../components/Popover';
import { NamedOptions } from '../../components/Select';
import { jobStatusMessages, priorityMessages } from '../../entities/job';
import { allStatuses, StatusLabel } from '../../entities/job/job-status';
import { Message, useIntl } from '../../lib/i18n';
import type { ScheduleParams } from './use-schedule-params';
import { jobPriorities } from './visit-filter';
import './ScheduleFilters.css';

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
  const intl = useIntl();
  const technicians = members.filter((m) => m.role === 'technician' && m.active);
  const more = (params.areaId ? 1 : 0) + (params.priority !== null ? 1 : 0);
  return (
    <div className="sched-filters">
      <FilterSelect
        label={<Message id="calendar.filters.technician" />}
        value={params.technicianId ?? ''}
        onChange={(value) => onChange({ technicianId: value || null })}
      >
        <option value="">{intl.formatMessage({ id: 'calendar.filters.allTechnicians' })}</option>
        <option value={unassignedResourceId}>{intl.formatMessage({ id: 'calendar.filters.unassigned' })}</option>
        <NamedOptions items={technicians} />
      </FilterSelect>
      <StatusFilter statuses={params.statuses} onChange={onChange} />
      <div className="sched-filters-inline">
        <AreaAndPriority areas={areas} params={params} onChange={onChange} />
      </div>
      <div className="sched-filters-more">
        <FilterPopover
          summary={<Message id="calendar.filters.more" values={{ count: more }} />}
          label={intl.formatMessage({ id: 'calendar.filters.moreLabel' }, { count: more })}
          title={intl.formatMessage({ id: 'calendar.filters.moreTitle' })}
        >
          <div className="sched-filters-panel">
            <AreaAndPriority areas={areas} params={params} onChange={onChange} />
          </div>
        </FilterPopover>
      </div>
    </div>
  );
}

function AreaAndPriority({ areas, params, onChange }: Omit<ScheduleFiltersProps, 'members'>) {
  const intl = useIntl();
  return (
    <>
      <FilterSelect
        label={<Message id="calendar.filters.area" />}
        value={params.areaId ?? ''}
        onChange={(value) => onChange({ areaId: value || null })}
      >
        <option value="">{intl.formatMessage({ id: 'calendar.filters.allAreas' })}</option>
        <NamedOptions items={areas} />
      </FilterSelect>
      <FilterSelect
        label={<Message id="calendar.filters.priority" />}
        value={params.priority === null ? '' : String(params.priority)}
        onChange={(value) => onChange({ priority: value ? Number(value) : null })}
      >
        <option value="">{intl.formatMessage({ id: 'calendar.filters.allPriorities' })}</option>
        {jobPriorities.map((p) => (
          <option key={p} value={p}>
            {intl.formatMessage(priorityMessages.short, { priority: p })}
          </option>
        ))}
      </FilterSelect>
    </>
  );
}

function StatusFilter({ statuses, onChange }: { statuses: JobStatus[]; onChange: (patch: FilterPatch) => void }) {
  const intl = useIntl();
  const summary =
    statuses.length === 0
      ? intl.formatMessage({ id: 'calendar.filters.allStatuses' })
      : statuses.length === 1
        ? intl.formatMessage(jobStatusMessages[statuses[0] ?? 'scheduled'])
        : intl.formatMessage({ id: 'calendar.filters.statusCount' }, { count: statuses.length });
  const toggle = (status: JobStatus) =>
    onChange({
      statuses: statuses.includes(status)
        ? statuses.filter((s) => s !== status)
        : allStatuses.filter((s) => s === status || statuses.includes(s)),
    });
  return (
    <FilterPopover
      summary={summary}
      label={intl.formatMessage({ id: 'calendar.filters.statusLabel' }, { summary })}
      title={intl.formatMessage({ id: 'calendar.filters.statusTitle' })}
    >
      <fieldset className="status-filter">
        <legend className="visually-hidden">
          <Message id="calendar.filters.statuses" />
        </legend>
        {allStatuses.map((status) => (
          <label key={status} className="status-filter-option">
            <input type="checkbox" checked={statuses.includes(status)} onChange={() => toggle(status)} />
            <StatusLabel status={status} />
          </label>
        ))}
        {statuses.length > 0 && (
          <button type="button" className="link-button" onClick={() => onChange({ statuses: [] })}>
            <Message id="calendar.filters.showAll" />
          </button>
        )}
      </fieldset>
    </FilterPopover>
  );
}

/** One filter of the bar: a small select whose name only screen readers hear; the first option is "all". */
function FilterSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <label className="cal-filter">
      <span className="visually-hidden">{label}</span>
      <select className="select select-sm" value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </label>
  );
}

/** A filter button that shows what it filters by and opens its choices below it. */
function FilterPopover({
  summary,
  label,
  title,
  children,
}: {
  summary: ReactNode;
  label: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Popover
      button={
        <>
          <Icon name="filter" size={14} />
          {summary}
        </>
      }
      buttonLabel={label}
      buttonClassName="btn btn-secondary btn-sm"
      title={title}
      align="end"
    >
      {() => children}
    </Popover>
  );
}
