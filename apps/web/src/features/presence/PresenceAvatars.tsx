import { roleLabel } from '@fieldplan/shared';
import { useAppSelector } from '../../base/hooks';
import { Avatar } from '../../components/Avatar';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { type PresenceMember, selectPresence } from '../../realtime/realtime-slice';
import './PresenceAvatars.css';

/** At most this many avatars; the rest are counted. */
const shown = 4;
const none: PresenceMember[] = [];

/**
 * Who is online in this workspace now (its presence channel), you first: avatars in each member's
 * colour, their names and roles in the tooltip and for screen readers.
 */
export function PresenceAvatars() {
  const { workspaceId, me } = useWorkspace();
  const members = useAppSelector((state) => selectPresence(state, workspaceId)) ?? none;
  if (members.length === 0) return null;
  const ordered = [...members].sort((a, b) => Number(b.id === me.user.id) - Number(a.id === me.user.id));
  const extra = ordered.length - shown;
  const names = ordered.map((m) => `${m.name}${m.id === me.user.id ? ' (you)' : ''}, ${roleLabel[m.role]}`);
  return (
    <section className="presence" aria-label={`Online now: ${ordered.length}`} data-count={ordered.length}>
      <ul className="presence-list" title={names.join('\n')}>
        {ordered.slice(0, shown).map((m, i) => (
          <li key={m.id} className="presence-item" data-user-id={m.id}>
            <Avatar name={m.name} colour={m.colour} size="sm" labelled />
            <span className="visually-hidden">{names[i]}</span>
          </li>
        ))}
        {extra > 0 && <li className="presence-more">+{extra}</li>}
      </ul>
      <span className="presence-label" aria-hidden="true">
        online
      </span>
    </section>
  );
}
