import { type Member, type Role, roleLabel, roles } from '@fieldplan/shared';
import { Link } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { Icon } from '../../components/Icon';
import { Panel } from '../../components/Panel';
import { Loading, Skeleton } from '../../components/Skeleton';
import { sortMembers } from '../../entities/member/sort-members';

const shown = 14;

/** Who is in the workspace: faces in their colours and how many of each role. */
export function TeamGlance({ slug, members }: { slug: string; members: Member[] | undefined }) {
  const active = sortMembers(members?.filter((m) => m.active) ?? []);
  const counts = Object.fromEntries(roles.map((r) => [r, active.filter((m) => m.role === r).length])) as Record<
    Role,
    number
  >;
  return (
    <Panel
      title="Team at a glance"
      description={members ? `${active.length} active ${active.length === 1 ? 'member' : 'members'}` : undefined}
      actions={
        <Link to={`/w/${slug}/team`} className="panel-link">
          Open team <Icon name="arrowRight" size={14} />
        </Link>
      }
    >
      {!members ? (
        <Loading label="Loading the team…">
          <Skeleton height={32} />
          <div style={{ height: 16 }} />
          <Skeleton height={56} />
        </Loading>
      ) : (
        <>
          <ul className="glance-faces" aria-label="Active members">
            {active.slice(0, shown).map((m) => (
              <li key={m.id}>
                <Avatar name={m.name} colour={m.colour} labelled />
              </li>
            ))}
            {active.length > shown && <li className="glance-more">+{active.length - shown}</li>}
          </ul>
          <dl className="glance-counts">
            {roles.map((role) => (
              <div key={role} className="glance-count">
                <dt>{roleLabel[role]}s</dt>
                <dd>{counts[role]}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </Panel>
  );
}
