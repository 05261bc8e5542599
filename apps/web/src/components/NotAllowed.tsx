import type { ReactNode } from 'react';
import type { MessageDescriptor } from 'react-intl';
import { Message, useIntl } from '../lib/i18n';
import { EmptyState } from './EmptyState';
import type { IconName } from './Icon';

interface NotAllowedProps {
  /** What the member's role may not do here. */
  title: MessageDescriptor;
  /** Who may, or whom to ask. */
  hint: MessageDescriptor;
  icon?: IconName;
  /** A way on, such as a link back to the overview. */
  action?: ReactNode;
}

/** What a screen shows in place of itself to a member whose role may not use it. */
export function NotAllowed({ title, hint, icon = 'settings', action }: NotAllowedProps) {
  const intl = useIntl();
  return (
    <EmptyState icon={icon} title={intl.formatMessage(title)} action={action}>
      <Message {...hint} />
    </EmptyState>
  );
}
