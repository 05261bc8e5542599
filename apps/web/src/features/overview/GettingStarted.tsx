import { Link } from 'react-router';
import { Icon } from '../../components/Icon';
import { Panel } from '../../components/Panel';
import { Message, useIntl } from '../../lib/i18n';

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
  const intl = useIntl();
  const steps: Step[] = [
    {
      done: invited,
      title: intl.formatMessage({ id: 'overview.start.inviteTitle' }),
      body: intl.formatMessage({ id: 'overview.start.inviteBody' }),
      to: `/w/${slug}/team`,
      action: intl.formatMessage({ id: 'overview.start.inviteAction' }),
    },
    {
      done: settingsDone,
      title: intl.formatMessage({ id: 'overview.start.settingsTitle' }),
      body: intl.formatMessage({ id: 'overview.start.settingsBody' }),
      to: `/w/${slug}/settings`,
      action: intl.formatMessage({ id: 'overview.start.settingsAction' }),
    },
  ];
  const done = steps.filter((s) => s.done).length;
  return (
    <Panel
      title={intl.formatMessage({ id: 'overview.start.title' })}
      description={
        done === steps.length
          ? intl.formatMessage({ id: 'overview.start.allSet' })
          : intl.formatMessage({ id: 'overview.start.progress' }, { done, total: steps.length })
      }
      flush
    >
      <div className="checklist-progress" aria-hidden="true">
        <span style={{ width: `${(done / steps.length) * 100}%` }} />
      </div>
      <ol className="plain-list checklist">
        {steps.map((step) => (
          <li key={step.title} className={step.done ? 'checklist-item checklist-done' : 'checklist-item'}>
            <Icon name={step.done ? 'circleCheck' : 'circle'} size={20} className="checklist-icon" />
            <div className="checklist-text">
              <span className="checklist-title">
                {step.title}
                <span className="visually-hidden">
                  {' '}
                  {step.done ? <Message id="overview.start.stepDone" /> : <Message id="overview.start.stepToDo" />}
                </span>
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
