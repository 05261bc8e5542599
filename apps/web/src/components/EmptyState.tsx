import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';
import './EmptyState.css';

interface EmptyStateProps {
  icon: IconName;
  title: string;
  /** What to do next. */
  children: ReactNode;
  action?: ReactNode;
}

/** Nothing here yet — and what to do about it. */
export function EmptyState({ icon, title, children, action }: EmptyStateProps) {
  return (
    <div className="empty">
      <span className="empty-icon">
        <Icon name={icon} size={20} />
      </span>
      <h3>{title}</h3>
      <p className="empty-body">{children}</p>
      {action && <div className="empty-action">{action}</div>}
    </div>
  );
}
