import type { BookingService } from '@fieldplan/shared';
import { useState } from 'react';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { Panel } from '../../../components/Panel';
import { RowActions } from '../../../components/RowActions';
import { Skeleton } from '../../../components/Skeleton';
import { useToastedWrite } from '../../../components/use-toasted-write';
import { useGetMembersQuery } from '../../../entities/member/endpoints';
import { useWorkspace } from '../../../entities/workspace/use-workspace';
import { Message, useIntl } from '../../../lib/i18n';
import { useBookingServicesQuery, useDeleteBookingServiceMutation } from './endpoints';
import { ServiceDialog } from './ServiceDialog';

/** The services customers choose from: add, edit, delete. */
export function ServicesPanel({ editable }: { editable: boolean }) {
  const { workspaceId } = useWorkspace();
  const { data, refetch } = useBookingServicesQuery(workspaceId);
  const { data: members = [] } = useGetMembersQuery(workspaceId);
  const [editing, setEditing] = useState<BookingService | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BookingService | null>(null);
  const [stale, setStale] = useState(false);
  const [remove, removal] = useDeleteBookingServiceMutation();
  const toasted = useToastedWrite();
  const intl = useIntl();
  const technicians = members.filter((m) => m.active && m.role === 'technician');
  const names = new Map(members.map((m) => [m.id, m.name]));

  const confirmDelete = async () => {
    if (!deleting) return;
    await toasted(
      () => remove({ workspaceId, id: deleting.id }).unwrap(),
      intl.formatMessage({ id: 'booking.services.deleted' }, { name: deleting.name }),
    );
    setDeleting(null);
  };

  return (
    <Panel
      title={<Message id="booking.services.title" />}
      description={<Message id="booking.services.description" />}
      flush
      actions={
        editable && (
          <Button size="sm" icon="plus" onClick={() => setEditing('new')}>
            <Message id="booking.services.add" />
          </Button>
        )
      }
    >
      {stale && (
        <div className="booking-pad">
          <Alert title={intl.formatMessage({ id: 'booking.services.stale' })}>
            <Message id="booking.services.staleHint" />
          </Alert>
        </div>
      )}
      {!data ? (
        <div className="booking-pad">
          <Skeleton height={40} />
        </div>
      ) : data.items.length === 0 ? (
        <EmptyState icon="calendar" title={intl.formatMessage({ id: 'booking.services.empty' })}>
          <Message id="booking.services.emptyHint" />
        </EmptyState>
      ) : (
        <ul className="plain-list booking-services" aria-label={intl.formatMessage({ id: 'booking.services.title' })}>
          {data.items.map((s) => (
            <li key={s.id} className="booking-service-row">
              <div className="booking-service-main">
                <span className="booking-service-name">
                  {s.name}
                  {!s.active && (
                    <span className="booking-tag">
                      <Message id="booking.services.hidden" />
                    </span>
                  )}
                </span>
                <span className="booking-muted">
                  <Message
                    id="booking.services.summary"
                    values={{
                      minutes: String(s.durationMinutes),
                      technicians:
                        s.technicianIds.length === 0
                          ? intl.formatMessage({ id: 'booking.services.allTechnicians' })
                          : s.technicianIds
                              .map((id) => names.get(id) ?? intl.formatMessage({ id: 'booking.services.formerMember' }))
                              .join(', '),
                    }}
                  />
                </span>
              </div>
              {editable && (
                <RowActions
                  className="booking-row-actions"
                  actions={[
                    {
                      icon: 'pencil',
                      label: intl.formatMessage({ id: 'booking.services.edit' }, { name: s.name }),
                      variant: 'ghost',
                      onClick: () => setEditing(s),
                    },
                    {
                      icon: 'trash',
                      label: intl.formatMessage({ id: 'booking.services.delete' }, { name: s.name }),
                      variant: 'ghost',
                      onClick: () => setDeleting(s),
                    },
                  ]}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <ServiceDialog
          service={editing === 'new' ? null : editing}
          technicians={technicians}
          onClose={() => {
            setEditing(null);
            setStale(false);
          }}
          onStale={() => {
            setEditing(null);
            setStale(true);
            void refetch();
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={
          deleting ? (
            <Message id="booking.services.deleteTitle" values={{ name: deleting.name }} />
          ) : (
            <Message id="booking.services.deleteTitleNone" />
          )
        }
        description={<Message id="booking.services.deleteDescription" />}
        confirmLabel={intl.formatMessage({ id: 'booking.services.deleteConfirm' })}
        busy={removal.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Panel>
  );
}
