import { useIntl } from '../lib/i18n';
import { Icon } from './Icon';

/** The × that closes a dialog or a drawer; screen readers hear "Close". */
export function CloseButton({ className, onClick }: { className: string; onClick: () => void }) {
  const intl = useIntl();
  return (
    <button
      type="button"
      className={className}
      onClick={onClick}
      aria-label={intl.formatMessage({ id: 'components.close' })}
    >
      <Icon name="x" />
    </button>
  );
}
