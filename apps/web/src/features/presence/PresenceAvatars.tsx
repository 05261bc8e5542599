import { useAppSelector } from '../../base/hooks';
import { Avatar } from '../../components/Avatar';
import { Popover } from '../../components/Popover';
import { useMediaQuery } from '../../components/use-media-query';
import { roleMessages } from '../../entities/member';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { Message, useIntl } from '../../lib/i18n';
import { type PresenceMember, selectConnection, selectPresence } from '../../realtime/realtime-slice';
import './PresenceAvatars.css';

/** At most this many avatars (fewer on a phone); the rest are a "+k" that lists them. */
export const shownAvatars = { wide: 4, phone: 2 };
const none: PresenceMember[] = [];

/**
 * Who is online in this workspace now (its presence channel), you first: avatars in each member's
 * colour, names and roles in the tooltip and for screen readers; past `shownAvatars`, a "+k" button
 * lists the others. While live updates are not connected nobody's coming or going is heard, so the
 * avatars turn grey and say that presence is unknown.
 */
export function PresenceAvatars() {
  const intl = useIntl();
  const { workspaceId, me } = useWorkspace();
  const members = useAppSelector((state) => selectPresence(state, workspaceId)) ?? none;
  const stale = useAppSelector(selectConnection).state !== 'connected';
  const max = useMediaQuery('(max-width: 760px)') ? shownAvatars.phone : shownAvatars.wide;
  if (members.length === 0) return null;
  const ordered = [...members].sort((a, b) => Number(b.id === me.user.id) - Number(a.id === me.user.id));
  const nameOf = (m: PresenceMember) =>
    intl.formatMessage(
      { id: 'presence.member' },
      { name: m.name, you: m.id === me.user.id ? 'yes' : 'no', role: intl.formatMessage(roleMessages[m.role]) },
    );
  const shown = ordered.slice(0, max);
  const more = ordered.slice(max);
  const label = stale
    ? intl.formatMessage({ id: 'presence.unknown' }, { count: ordered.length })
    : intl.formatMessage({ id: 'presence.online' }, { count: ordered.length });
  return (
    <section
      className={`presence${stale ? ' presence-stale' : ''}`}
      aria-label={label}
      data-count={ordered.length}
      data-stale={stale || undefined}
    >
      <ul className="plain-list presence-list" title={stale ? label : shown.map(nameOf).join('\n')}>
        {shown.map((m) => (
          <li key={m.id} className="presence-item" data-user-id={m.id}>
            <Avatar name={m.name} colour={m.colour} size="sm" muted={stale} />
            <span className="visually-hidden">{nameOf(m)}</span>
          </li>
        ))}
      </ul>
      {more.length > 0 && (
        <span
          className="presence-more-root"
          data-user-ids={more.map((m) => m.id).join(' ')}
          title={more.map(nameOf).join('\n')}
        >
          <Popover
            button={<span aria-hidden="true">+{more.length}</span>}
            buttonLabel={
              stale
                ? intl.formatMessage({ id: 'presence.moreWhenConnected' }, { count: more.length })
                : intl.formatMessage({ id: 'presence.moreOnline' }, { count: more.length })
            }
            buttonClassName="presence-more"
            title={
              stale
                ? intl.formatMessage({ id: 'presence.alsoWhenConnected' })
                : intl.formatMessage({ id: 'presence.alsoOnline' })
            }
            align="end"
          >
            {() => (
              <ul className="plain-list presence-more-list">
                {more.map((m) => (
                  <li key={m.id}>
                    <Avatar name={m.name} colour={m.colour} size="sm" muted={stale} />
                    <span>{nameOf(m)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Popover>
        </span>
      )}
      <span className="presence-label" aria-hidden="true">
        {stale ? <Message id="presence.offlineMark" /> : <Message id="presence.onlineMark" />}
      </span>
    </section>
  );
}
