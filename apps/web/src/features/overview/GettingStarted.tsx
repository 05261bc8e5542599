import { Link } from 'react-router';
import { Icon } from '../../components/Icon';
import { Panel } from '../../components/Panel';

interface Step {
  done: boolean;
  title: string;
  body: string;
  to: string;
  action: string;
}

/** The owner's first steps, each a link to the screen that does it. */
export function GettingStarted({
  slug,
  invited,
  settingsDone,
}: {
  slug: string;
  invited: boolean;
  settingsDone: boolean;
}) {
  const steps: Step[] = [
    {
      done: invited,
      title: 'Invite your team',
      body: 'Send dispatchers and technicians a link to join with the right role.',
      to: `/w/${slug}/team`,
      action: 'Invite people',
    },
    {
      done: settingsDone,
      title: 'Set time zone and working hours',
      body: 'The calendar shades business hours and schedules in your time zone.',
      to: `/w/${slug}/settings`,
      action: 'Open settings',
    },
  ];
  const done = steps.filter((s) => s.done).length;
  return (
    <Panel
      title="Getting started"
      description={done === steps.length ? 'All set — nice work.' : `${done} of ${steps.length} done`}
      flush
    >
      <div className="checklist-progress" aria-hidden="true">
        <span style={{ width: `${(done / steps.length) * 100}%` }} />
      </div>
      <ol className="checklist">
        {steps.map((step) => (
          <li key={step.title} className={step.done ? 'checklist-item checklist-done' : 'checklist-item'}>
            <Icon name={step.done ? 'circleCheck' : 'circle'} size={20} className="checklist-icon" />
            <div className="checklist-text">
              <span className="checklist-title">
                {step.title}
                <span className="visually-hidden">{step.done ? ' (done)' : ' (to do)'}</span>
              </span>
              <span className="checklist-body">{step.body}</span>
            </div>
            <Link to={step.to} className="checklist-link">
              {step.action}
              <Icon name="arrowRight" size={14} />
            </Link>
          </li>
        ))}
      </ol>
    </Panel>
  );
}
