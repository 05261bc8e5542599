import type { ReactNode } from 'react';
import { Icon } from './Icon';
import './Alert.css';

interface AlertProps {
  tone?: 'error' | 'info' | 'success';
  title?: string;
  children: ReactNode;
}

/** A message inside the page (a form's non-field problem); errors are announced at once. */
export function Alert({ tone = 'error', title, children }: AlertProps) {
  return (
    <div className={`alert alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <Icon name={tone === 'error' ? 'alert' : tone === 'success' ? 'circleCheck' : 'info'} size={16} />
      <div>
        {title && <p className="alert-title">{title}</p>}
        <div>{children}</div>
      </div>
    </div>
  );
}
