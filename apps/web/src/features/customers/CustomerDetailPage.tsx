import { can } from '@fieldplan/shared';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, buttonClass } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { Icon } from '../../components/Icon';
import { PageHeader, Panel } from '../../components/Panel';
import { Loading, Skeleton } from '../../components/Skeleton';
import { useToast } from '../../components/use-toast';
import { useGetWorkspaceQuery } from '../../entities/workspace/endpoints';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { problemMessage, toProblem } from '../../lib/problem';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CustomerDialog } from './CustomerDialog';
import { CustomerJobs } from './CustomerJobs';
import { CustomerMap } from './CustomerMap';
import { useDeleteCustomerMutation, useGetCustomerQuery } from './endpoints';
import '../jobs/Jobs.css';
import './Customers.css';

/** `/w/:slug/customers/:id`: contact, place and notes, the customer's jobs; edit and delete for dispatchers. */
export function CustomerDetailPage() {
  const { id = '' } = useParams();
  const { workspaceId, slug, role } = useWorkspace();
  const navigate = useNavigate();
  const toast = useToast();
  const { data: customer, error, isLoading } = useGetCustomerQuery({ workspaceId, id });
  const { data: workspace } = useGetWorkspaceQuery(workspaceId);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [remove, removal] = useDeleteCustomerMutation();
  useDocumentTitle(customer?.name ?? 'Customer');

  if (isLoading) {
    return (
      <Loading label="Loading the customer…">
        <Skeleton width="40%" height={24} />
      </Loading>
    );
  }
  if (!customer) {
    const gone = toProblem(error).status === 404;
    return (
      <EmptyState
        icon="building"
        title={gone ? 'This customer no longer exists' : "Couldn't load the customer"}
        action={<Link to={`/w/${slug}/customers`}>All customers</Link>}
      >
        {gone ? 'Someone deleted them, or the link is wrong.' : 'Check your connection and try again.'}
      </EmptyState>
    );
  }
  const writer = can(role, 'schedule.write');
  const onDelete = async () => {
    try {
      await remove({ workspaceId, id, version: customer.version }).unwrap();
      toast({ tone: 'success', message: `Deleted ${customer.name}` });
      await navigate(`/w/${slug}/customers`, { replace: true });
    } catch (e) {
      setDeleting(false);
      toast({ tone: 'error', message: problemMessage(toProblem(e)) });
    }
  };

  return (
    <div className="customers">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <Link to={`/w/${slug}/customers`}>Customers</Link>
      </nav>
      <PageHeader
        title={customer.name}
        description={customer.address}
        actions={
          writer && (
            <>
              <Link
                className={buttonClass('primary')}
                to={`/w/${slug}/jobs/new?customerId=${encodeURIComponent(customer.id)}`}
              >
                <Icon name="plus" />
                New job
              </Link>
              <Button icon="pencil" onClick={() => setEditing(true)}>
                Edit
              </Button>
              <Button variant="ghost" icon="trash" onClick={() => setDeleting(true)}>
                Delete
              </Button>
            </>
          )
        }
      />
      <div className="customer-grid">
        <div className="customer-side">
          <Panel title="Contact">
            <dl className="detail-list">
              <dt>Phone</dt>
              <dd>
                {customer.phone ? <a href={`tel:${customer.phone.replace(/[^\d+]/g, '')}`}>{customer.phone}</a> : '—'}
              </dd>
              <dt>Email</dt>
              <dd>{customer.email ? <a href={`mailto:${customer.email}`}>{customer.email}</a> : '—'}</dd>
              <dt>Address</dt>
              <dd>{customer.address}</dd>
              <dt>Position</dt>
              <dd className="customers-nowrap">
                {customer.lat.toFixed(5)}, {customer.lng.toFixed(5)}
              </dd>
              <dt>Notes</dt>
              <dd className="detail-description">{customer.notes || '—'}</dd>
            </dl>
          </Panel>
          <CustomerMap workspaceId={workspaceId} customer={customer} slug={slug} zone={workspace?.timeZone ?? 'UTC'} />
        </div>
        <CustomerJobs workspaceId={workspaceId} customerId={id} slug={slug} zone={workspace?.timeZone ?? 'UTC'} />
      </div>
      <CustomerDialog workspaceId={workspaceId} customer={customer} open={editing} onClose={() => setEditing(false)} />
      <ConfirmDialog
        open={deleting}
        title={`Delete ${customer.name}?`}
        description="The customer leaves the list and search. Their past jobs keep their address."
        confirmLabel="Delete customer"
        busy={removal.isLoading}
        onCancel={() => setDeleting(false)}
        onConfirm={() => void onDelete()}
      />
    </div>
  );
}
