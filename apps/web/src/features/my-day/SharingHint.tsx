import { Icon } from '../../components/Icon';
import { Message } from '../../lib/i18n';
import { useSharingSwitch } from '../locations';

/**
 * On a visit en route while location sharing is off: the customer's tracking page can't show the
 * technician coming, so the card says so and offers the switch right there.
 */
export function SharingHint() {
  const sharing = useSharingSwitch();
  if (!sharing || sharing.on) return null;
  return (
    <p className="myday-hint" role="status">
      <Icon name="alert" size={16} />
      <span>
        <Message id="myDay.sharingHint.notSeen" />
      </span>
      <button type="button" className="myday-hint-action" onClick={sharing.toggle}>
        <Message id="myDay.sharingHint.share" />
      </button>
    </p>
  );
}
