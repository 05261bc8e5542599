import { can } from '@fieldplan/shared';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Icon } from '../../components/Icon';
import { RetryLine } from '../../components/LoadFailed';
import { PageHeader, Panel } from '../../components/Panel';
import { SearchBox } from '../../components/SearchBox';
import { Loading, Skeleton } from '../../components/Skeleton';
import { TableHead } from '../../components/TableHead';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ExportMenu } from '../export';
import { CustomerDialog } from './CustomerDialog';
import { useListCustomersQuery } from './endpoints';
import { useDebounced } from './use-debounced';
import './Customers.css';

const pageSize = 25;

/** `/w/:slug/customers`: search by name, address or phone; pages of 25; new customer for dispatchers. */
export function CustomersPage() {
  const { workspaceId, slug, role } = useWorkspace();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const q = search.get('q') ?? '';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const [text, setText] = useState(q);
  const settled = useDebounced(text.trim(), 250);
  const [creating, setCreating] = useState(false);
  useDocumentTitle('Customers');

  useEffect(() => {
    if (settled === q) return;
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (settled) next.set('q', settled);
        else next.delete('q');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [settled, q, setSearch]);

  const { data, isLoading, isFetching, isError, refetch } = useListCustomersQuery({
    workspaceId,
    q: q || undefined,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  const goTo = (n: number) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      if (n > 1) next.set('page', String(n));
      else next.delete('page');
      return next;
    });
  const total = data?.total ?? 0;
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);

  return (
    <div className="customers">
      <PageHeader
        title="Customers"
        description="The people and places you work for."
        actions={
          <>
            {can(role, 'data.export') && (
              <ExportMenu workspaceId={workspaceId} what="customers" filters={{ q: q || undefined }} />
            )}
            {can(role, 'import.run') && (
              <Link className={buttonClass('secondary')} to={`/w/${slug}/customers/import`}>
                <Icon name="upload" size={16} />
                Import
              </Link>
            )}
            {can(role, 'schedule.write') && (
              <Button variant="primary" icon="plus" onClick={() => setCreating(true)}>
                New customer
              </Button>
            )}
          </>
        }
      />
      <Panel flush>
        <div className="customers-toolbar">
          <SearchBox
            className="customers-search"
            label="Search customers"
            placeholder="Search by name, address or phone"
            value={text}
            onChange={setText}
          />
          <span className="customers-count" aria-live="polite">
            {data ? (total === 0 ? 'No customers' : `${first}–${last} of ${total}`) : ''}
          </span>
        </div>
        {isLoading && (
          <Loading label="Loading customers…">
            <div className="customers-skeleton">
              {[0, 1, 2, 3, 4].map((i) => (
                <Skeleton key={i} height={16} />
              ))}
            </div>
          </Loading>
        )}
        {isError && (
          <p className="customers-empty">
            <RetryLine message="Couldn't load customers." onRetry={() => void refetch()} />
          </p>
        )}
        {data && data.items.length === 0 && (
          <EmptyState icon="building" title={q ? `No customer matches “${q}”` : 'No customers yet'}>
            {q
              ? 'Try part of the name, the street or the phone number.'
              : 'Add your first customer to schedule jobs at their place.'}
          </EmptyState>
        )}
        {data && data.items.length > 0 && (
          <table className="customers-table" aria-busy={isFetching}>
            <TableHead columns={['Name', 'Address', 'Phone', 'Email']} />
            <tbody>
              {data.items.map((c) => (
                <tr key={c.id}>
                  <th scope="row">
                    <Link to={`/w/${slug}/customers/${c.id}`}>{c.name}</Link>
                  </th>
                  <td>{c.address}</td>
                  <td className="customers-nowrap">{c.phone ?? '—'}</td>
                  <td>{c.email ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {total > pageSize && (
          <nav className="customers-pager" aria-label="Pages">
            <Button size="sm" icon="chevronLeft" disabled={page <= 1} onClick={() => goTo(page - 1)}>
              Previous
            </Button>
            <span>
              Page {page} of {Math.ceil(total / pageSize)}
            </span>
            <Button size="sm" disabled={last >= total} onClick={() => goTo(page + 1)}>
              Next
              <Icon name="chevronRight" />
            </Button>
          </nav>
        )}
      </Panel>
      <CustomerDialog
        workspaceId={workspaceId}
        customer={null}
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={(c) => void navigate(`/w/${slug}/customers/${c.id}`)}
      />
    </div>
  );
}
