import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';
import './EmptyState.css';

interface EmptyStateProps {
  icon: IconName;
  title: string;
  /** What to do next. */
  children: ReactNode;
  action?: ReactNode;
  /** The title's heading level where it stands in the page's outline (a section's empty list: 3). */
  level?: 1 | 2 | 3;
}

/** Nothing here yet — and what to do about it. */
export function EmptyState({ icon, title, children, action, level = 3 }: EmptyStateProps) {
  const Heading = `h${level}` as const;
  return (
    <div className="empty">
      <span className="empty-icon">
        <Icon name={icon} size={20} />
      </span>
      <Heading className="empty-title">{title}</Heading>
      <p className="empty-body">{children}</p>
      {action && <div className="empty-action">{action}</div>}
    </div>
  );
}
