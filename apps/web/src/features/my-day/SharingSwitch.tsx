import { defineMessages } from 'react-intl';
import { Message } from '../../lib/i18n';
import { sharingStatusMessages, useSharingSwitch } from '../locations';

const statusMessages = sharingStatusMessages(
  defineMessages({
    off: { id: 'myDay.sharing.off' },
    sharing: { id: 'myDay.sharing.on' },
  }),
);

/** The share-location switch (the same state as the user menu's), always in view on my day. */
export function SharingSwitch() {
  const sharing = useSharingSwitch();
  if (!sharing) return null;
  const { on, status, toggle } = sharing;
  return (
    <button type="button" role="switch" aria-checked={on} className="myday-share" onClick={toggle}>
      <span className="myday-share-text">
        <span className="myday-share-title">
          <Message id="myDay.sharing.title" />
        </span>
        <span className="myday-share-status">
          <Message {...statusMessages[status]} />
        </span>
      </span>
      <span className={`share-switch myday-switch${on ? ' share-switch-on' : ''}`} aria-hidden="true" />
    </button>
  );
}
