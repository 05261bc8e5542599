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
import { languageNames, Message, useIntl } from '../../lib/i18n';
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
  const intl = useIntl();
  const { data: customer, error, isLoading } = useGetCustomerQuery({ workspaceId, id });
  const { data: workspace } = useGetWorkspaceQuery(workspaceId);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [remove, removal] = useDeleteCustomerMutation();
  useDocumentTitle(customer?.name ?? intl.formatMessage({ id: 'customers.detail.title' }));

  if (isLoading) {
    return (
      <Loading label={intl.formatMessage({ id: 'customers.detail.loading' })}>
        <Skeleton width="40%" height={24} />
      </Loading>
    );
  }
  if (!customer) {
    const gone = toProblem(error).status === 404;
    return (
      <EmptyState
        icon="building"
        title={
          gone
            ? intl.formatMessage({ id: 'customers.detail.gone' })
            : intl.formatMessage({ id: 'customers.detail.loadFailed' })
        }
        action={
          <Link to={`/w/${slug}/customers`}>
            <Message id="customers.detail.allCustomers" />
          </Link>
        }
      >
        {gone ? <Message id="customers.detail.goneHint" /> : <Message id="customers.detail.loadFailedHint" />}
      </EmptyState>
    );
  }
  const writer = can(role, 'schedule.write');
  const onDelete = async () => {
    try {
      await remove({ workspaceId, id, version: customer.version }).unwrap();
      toast({
        tone: 'success',
        message: intl.formatMessage({ id: 'customers.detail.deleted' }, { name: customer.name }),
      });
      await navigate(`/w/${slug}/customers`, { replace: true });
    } catch (e) {
      setDeleting(false);
      toast({ tone: 'error', message: problemMessage(toProblem(e)) });
    }
  };

  return (
    <div className="customers">
      <nav className="breadcrumb" aria-label={intl.formatMessage({ id: 'customers.detail.breadcrumb' })}>
        <Link to={`/w/${slug}/customers`}>
          <Message id="customers.list.title" />
        </Link>
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
                <Message id="customers.detail.newJob" />
              </Link>
              <Button icon="pencil" onClick={() => setEditing(true)}>
                <Message id="customers.detail.edit" />
              </Button>
              <Button variant="ghost" icon="trash" onClick={() => setDeleting(true)}>
                <Message id="customers.detail.delete" />
              </Button>
            </>
          )
        }
      />
      <div className="customer-grid">
        <div className="customer-side">
          <Panel title={<Message id="customers.detail.contact" />}>
            <dl className="detail-list">
              <dt>
                <Message id="customers.detail.phone" />
              </dt>
              <dd>
                {customer.phone ? <a href={`tel:${customer.phone.replace(/[^\d+]/g, '')}`}>{customer.phone}</a> : '—'}
              </dd>
              <dt>
                <Message id="customers.detail.email" />
              </dt>
              <dd>{customer.email ? <a href={`mailto:${customer.email}`}>{customer.email}</a> : '—'}</dd>
              <dt>
                <Message id="customers.detail.language" />
              </dt>
              <dd>
                {customer.language ? (
                  <span lang={customer.language}>{languageNames[customer.language]}</span>
                ) : workspace ? (
                  <Message
                    id="customers.detail.languageDefault"
                    values={{ language: languageNames[workspace.language] }}
                  />
                ) : (
                  '—'
                )}
              </dd>
              <dt>
                <Message id="customers.detail.address" />
              </dt>
              <dd>{customer.address}</dd>
              <dt>
                <Message id="customers.detail.position" />
              </dt>
              <dd className="customers-nowrap">
                {customer.lat.toFixed(5)}, {customer.lng.toFixed(5)}
              </dd>
              <dt>
                <Message id="customers.detail.notes" />
              </dt>
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
        title={<Message id="customers.delete.title" values={{ name: customer.name }} />}
        description={<Message id="customers.delete.description" />}
        confirmLabel={intl.formatMessage({ id: 'customers.delete.confirm' })}
        busy={removal.isLoading}
        onCancel={() => setDeleting(false)}
        onConfirm={() => void onDelete()}
      />
    </div>
  );
}
