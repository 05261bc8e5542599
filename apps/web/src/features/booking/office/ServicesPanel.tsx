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
  const technicians = members.filter((m) => m.active && m.role === 'technician');
  const names = new Map(members.map((m) => [m.id, m.name]));

  const confirmDelete = async () => {
    if (!deleting) return;
    await toasted(() => remove({ workspaceId, id: deleting.id }).unwrap(), `${deleting.name} deleted`);
    setDeleting(null);
  };

  return (
    <Panel
      title="Services"
      description="What customers can book, how long it takes, and who does it."
      flush
      actions={
        editable && (
          <Button size="sm" icon="plus" onClick={() => setEditing('new')}>
            Add service
          </Button>
        )
      }
    >
      {stale && (
        <div className="booking-pad">
          <Alert title="Someone else changed that service meanwhile">
            The list now shows their version; edit it again if needed.
          </Alert>
        </div>
      )}
      {!data ? (
        <div className="booking-pad">
          <Skeleton height={40} />
        </div>
      ) : data.items.length === 0 ? (
        <EmptyState icon="calendar" title="No services yet">
          Add what customers may book — for example “Boiler service, 60 min”.
        </EmptyState>
      ) : (
        <ul className="booking-services" aria-label="Services">
          {data.items.map((s) => (
            <li key={s.id} className="booking-service-row">
              <div className="booking-service-main">
                <span className="booking-service-name">
                  {s.name}
                  {!s.active && <span className="booking-tag">Hidden</span>}
                </span>
                <span className="booking-muted">
                  {s.durationMinutes} min ·{' '}
                  {s.technicianIds.length === 0
                    ? 'All technicians'
                    : s.technicianIds.map((id) => names.get(id) ?? 'Former member').join(', ')}
                </span>
              </div>
              {editable && (
                <RowActions
                  className="booking-row-actions"
                  actions={[
                    { icon: 'pencil', label: `Edit ${s.name}`, variant: 'ghost', onClick: () => setEditing(s) },
                    { icon: 'trash', label: `Delete ${s.name}`, variant: 'ghost', onClick: () => setDeleting(s) },
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
        title={`Delete ${deleting?.name ?? 'service'}?`}
        description="Customers can no longer choose it. Requests already made keep their time."
        confirmLabel="Delete"
        busy={removal.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Panel>
  );
}
