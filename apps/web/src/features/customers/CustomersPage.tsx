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
import { Message, useIntl } from '../../lib/i18n';
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
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'customers.list.title', defaultMessage: 'Customers' }));

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
        title={<Message id="customers.list.title" defaultMessage="Customers" />}
        description={<Message id="customers.list.description" defaultMessage="The people and places you work for." />}
        actions={
          <>
            {can(role, 'data.export') && (
              <ExportMenu workspaceId={workspaceId} what="customers" filters={{ q: q || undefined }} />
            )}
            {can(role, 'import.run') && (
              <Link className={buttonClass('secondary')} to={`/w/${slug}/customers/import`}>
                <Icon name="upload" size={16} />
                <Message id="customers.list.import" defaultMessage="Import" />
              </Link>
            )}
            {can(role, 'schedule.write') && (
              <Button variant="primary" icon="plus" onClick={() => setCreating(true)}>
                <Message id="customers.list.newCustomer" defaultMessage="New customer" />
              </Button>
            )}
          </>
        }
      />
      <Panel flush>
        <div className="customers-toolbar">
          <SearchBox
            className="customers-search"
            label={intl.formatMessage({ id: 'customers.list.searchLabel', defaultMessage: 'Search customers' })}
            placeholder={intl.formatMessage({
              id: 'customers.list.searchPlaceholder',
              defaultMessage: 'Search by name, address or phone',
            })}
            value={text}
            onChange={setText}
          />
          <span className="customers-count" aria-live="polite">
            {data &&
              (total === 0 ? (
                <Message id="customers.list.none" defaultMessage="No customers" />
              ) : (
                <Message
                  id="customers.list.range"
                  defaultMessage="{first}–{last} of {total}"
                  values={{ first: String(first), last: String(last), total: String(total) }}
                />
              ))}
          </span>
        </div>
        {isLoading && (
          <Loading label={intl.formatMessage({ id: 'customers.list.loading', defaultMessage: 'Loading customers…' })}>
            <div className="customers-skeleton">
              {[0, 1, 2, 3, 4].map((i) => (
                <Skeleton key={i} height={16} />
              ))}
            </div>
          </Loading>
        )}
        {isError && (
          <p className="customers-empty">
            <RetryLine
              message={intl.formatMessage({
                id: 'customers.list.loadFailed',
                defaultMessage: "Couldn't load customers.",
              })}
              onRetry={() => void refetch()}
            />
          </p>
        )}
        {data && data.items.length === 0 && (
          <EmptyState
            icon="building"
            title={
              q
                ? intl.formatMessage(
                    { id: 'customers.list.noMatch', defaultMessage: 'No customer matches “{q}”' },
                    { q },
                  )
                : intl.formatMessage({ id: 'customers.list.empty', defaultMessage: 'No customers yet' })
            }
          >
            {q ? (
              <Message
                id="customers.list.noMatchHint"
                defaultMessage="Try part of the name, the street or the phone number."
              />
            ) : (
              <Message
                id="customers.list.emptyHint"
                defaultMessage="Add your first customer to schedule jobs at their place."
              />
            )}
          </EmptyState>
        )}
        {data && data.items.length > 0 && (
          <table className="customers-table" aria-busy={isFetching}>
            <TableHead
              columns={[
                intl.formatMessage({ id: 'customers.list.name', defaultMessage: 'Name' }),
                intl.formatMessage({ id: 'customers.list.address', defaultMessage: 'Address' }),
                intl.formatMessage({ id: 'customers.list.phone', defaultMessage: 'Phone' }),
                intl.formatMessage({ id: 'customers.list.email', defaultMessage: 'Email' }),
              ]}
            />
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
          <nav
            className="customers-pager"
            aria-label={intl.formatMessage({ id: 'customers.pager.label', defaultMessage: 'Pages' })}
          >
            <Button size="sm" icon="chevronLeft" disabled={page <= 1} onClick={() => goTo(page - 1)}>
              <Message id="customers.pager.previous" defaultMessage="Previous" />
            </Button>
            <span>
              <Message
                id="customers.pager.page"
                defaultMessage="Page {page} of {pages}"
                values={{ page: String(page), pages: String(Math.ceil(total / pageSize)) }}
              />
            </span>
            <Button size="sm" disabled={last >= total} onClick={() => goTo(page + 1)}>
              <Message id="customers.pager.next" defaultMessage="Next" />
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
