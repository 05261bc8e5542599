import type { DayFigures as Figures } from '@fieldplan/shared';
import { formatClock } from '../../entities/job/format-time';
import { Message, useIntl } from '../../lib/i18n';
import { formatChange, formatDrive, formatKm } from './format';

interface DayFiguresProps {
  before: Figures;
  /** Null: there is no better plan (only today's figures show). */
  after: Figures | null;
  zone: string;
}

const finishOf = (figures: Figures, zone: string) => (figures.finish ? formatClock(figures.finish, zone) : '—');
const clockMinutes = (figures: Figures) => (figures.finish ? Date.parse(figures.finish) / 60_000 : 0);
const minutesText = (minutes: number) => `${Math.round(minutes)} min`;

/** Today's drive beside the plan's: distance, drive time and when the day ends, with the change. */
export function DayFigures({ before, after, zone }: DayFiguresProps) {
  const intl = useIntl();
  const rows = [
    {
      key: 'distance',
      label: intl.formatMessage({ id: 'optimise.figures.distance' }),
      today: formatKm(before.distanceKm),
      planned: after && formatKm(after.distanceKm),
      change: after && formatChange(before.distanceKm, after.distanceKm, formatKm),
    },
    {
      key: 'drive',
      label: intl.formatMessage({ id: 'optimise.figures.driveTime' }),
      today: formatDrive(before.driveMinutes),
      planned: after && formatDrive(after.driveMinutes),
      change: after && formatChange(before.driveMinutes, after.driveMinutes, formatDrive),
    },
    {
      key: 'finish',
      label: intl.formatMessage({ id: 'optimise.figures.finish' }),
      today: finishOf(before, zone),
      planned: after && finishOf(after, zone),
      change:
        after?.finish && before.finish ? formatChange(clockMinutes(before), clockMinutes(after), minutesText) : null,
    },
  ];
  return (
    <table className={`data-table opt-figures${after ? '' : ' opt-figures-today'}`}>
      <caption className="visually-hidden">
        {after ? <Message id="optimise.figures.captionPlanned" /> : <Message id="optimise.figures.today" />}
      </caption>
      <thead>
        <tr>
          <td />
          <th scope="col">
            <Message id="optimise.figures.today" />
          </th>
          {after && (
            <th scope="col">
              <Message id="optimise.figures.optimised" />
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.label}</th>
            <td>{row.today}</td>
            {after && (
              <td className="opt-after">
                <span>{row.planned}</span>
                {row.change && (
                  <span className={`opt-change ${row.change.startsWith('−') ? 'opt-better' : 'opt-worse'}`}>
                    {row.change}
                  </span>
                )}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
