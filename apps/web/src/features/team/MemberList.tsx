import type { Member } from '@fieldplan/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { Panel } from '../../components/Panel';
import { Loading, Skeleton } from '../../components/Skeleton';
import { TableHead } from '../../components/TableHead';
import { sortMembers } from '../../entities/member/sort-members';
import { Message, useIntl } from '../../lib/i18n';
import { MemberRow } from './MemberRow';
import type { useMemberActions } from './use-member-actions';

interface MemberListProps {
  members: Member[] | undefined;
  selfId: string;
  manage: ReturnType<typeof useMemberActions> | null;
}

function MemberSkeleton() {
  const intl = useIntl();
  return (
    <Loading label={intl.formatMessage({ id: 'team.members.loading' })}>
      <div className="member-skeleton">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="member-skeleton-row">
            <Skeleton width={32} height={32} round />
            <div style={{ flex: 1 }}>
              <Skeleton width="40%" height={12} />
              <div style={{ height: 6 }} />
              <Skeleton width="25%" height={10} />
            </div>
          </div>
        ))}
      </div>
    </Loading>
  );
}

export function MemberList({ members, selfId, manage }: MemberListProps) {
  const intl = useIntl();
  const [confirming, setConfirming] = useState<Member | null>(null);
  const [busy, setBusy] = useState(false);
  const active = members?.filter((m) => m.active).length ?? 0;
  const inactive = (members?.length ?? 0) - active;

  const toggle = async (member: Member) => {
    if (!manage) return;
    if (!member.active) {
      await manage.setActive(member, true);
      return;
    }
    setConfirming(member);
  };

  const confirmDeactivate = async () => {
    if (!manage || !confirming) return;
    setBusy(true);
    await manage.setActive(confirming, false);
    setBusy(false);
    setConfirming(null);
  };

  return (
    <Panel
      title={<Message id="team.members.title" />}
      description={
        members ? (
          <Message id="team.members.count" values={{ active, inactive }} />
        ) : (
          <Message id="team.members.everyone" />
        )
      }
      flush
    >
      {!members ? (
        <MemberSkeleton />
      ) : members.length === 0 ? (
        <EmptyState icon="users" title={intl.formatMessage({ id: 'team.members.empty' })}>
          <Message id="team.members.emptyHint" />
        </EmptyState>
      ) : (
        <div className="member-table-wrap">
          <table className={manage ? 'member-table' : 'member-table member-table-readonly'}>
            <TableHead
              columns={[
                intl.formatMessage({ id: 'team.members.member' }),
                intl.formatMessage({ id: 'team.members.role' }),
                intl.formatMessage({ id: 'team.members.colour' }),
                intl.formatMessage({ id: 'team.members.status' }),
                intl.formatMessage({ id: 'team.members.joined' }),
              ]}
              hiddenLast={manage ? intl.formatMessage({ id: 'team.members.actions' }) : undefined}
            />
            <tbody>
              {sortMembers(members).map((member) => (
                <MemberRow
                  key={member.id}
                  member={member}
                  isSelf={member.id === selfId}
                  manage={manage}
                  onToggleActive={(m) => void toggle(m)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={<Message id="team.deactivate.title" values={{ name: confirming?.name ?? '' }} />}
        description={<Message id="team.deactivate.description" values={{ name: confirming?.name ?? '' }} />}
        confirmLabel={intl.formatMessage({ id: 'team.deactivate.confirm' })}
        busy={busy}
        onConfirm={() => void confirmDeactivate()}
        onCancel={() => setConfirming(null)}
      />
    </Panel>
  );
}
