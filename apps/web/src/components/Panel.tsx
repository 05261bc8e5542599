import { type ReactNode, useId } from 'react';
import './Panel.css';

interface PanelProps {
  title?: ReactNode;
  description?: ReactNode;
  /** Buttons on the right of the header. */
  actions?: ReactNode;
  /** Let the content touch the edges (tables, lists). */
  flush?: boolean;
  children: ReactNode;
  className?: string;
}

/** A titled white box on the page: a section of a screen. */
export function Panel({ title, description, actions, flush = false, children, className }: PanelProps) {
  const titleId = useId();
  return (
    <section className={['panel', className].filter(Boolean).join(' ')} aria-labelledby={title ? titleId : undefined}>
      {(title || actions) && (
        <header className="panel-header">
          <div className="panel-heading">
            {title && <h2 id={titleId}>{title}</h2>}
            {description && <p className="panel-description">{description}</p>}
          </div>
          {actions && <div className="panel-actions">{actions}</div>}
        </header>
      )}
      <div className={flush ? 'panel-body panel-flush' : 'panel-body'}>{children}</div>
    </section>
  );
}

interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}

/** The heading row of a screen: the h1, a line about it, its main actions. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <header className="page-header">
      <div>
        <h1>{title}</h1>
        {description && <p className="page-description">{description}</p>}
      </div>
      {actions && <div className="page-actions">{actions}</div>}
    </header>
  );
}
