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
  useDocumentTitle(intl.formatMessage({ id: 'customers.list.title' }));

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
        title={<Message id="customers.list.title" />}
        description={<Message id="customers.list.description" />}
        actions={
          <>
            {can(role, 'data.export') && (
              <ExportMenu workspaceId={workspaceId} what="customers" filters={{ q: q || undefined }} />
            )}
            {can(role, 'import.run') && (
              <Link className={buttonClass('secondary')} to={`/w/${slug}/customers/import`}>
                <Icon name="upload" size={16} />
                <Message id="customers.list.import" />
              </Link>
            )}
            {can(role, 'schedule.write') && (
              <Button variant="primary" icon="plus" onClick={() => setCreating(true)}>
                <Message id="customers.list.newCustomer" />
              </Button>
            )}
          </>
        }
      />
      <Panel flush>
        <div className="customers-toolbar">
          <SearchBox
            className="customers-search"
            label={intl.formatMessage({ id: 'customers.list.searchLabel' })}
            placeholder={intl.formatMessage({ id: 'customers.list.searchPlaceholder' })}
            value={text}
            onChange={setText}
          />
          <span className="customers-count" aria-live="polite">
            {data &&
              (total === 0 ? (
                <Message id="customers.list.none" />
              ) : (
                <Message
                  id="customers.list.range"
                  values={{ first: String(first), last: String(last), total: String(total) }}
                />
              ))}
          </span>
        </div>
        {isLoading && (
          <Loading label={intl.formatMessage({ id: 'customers.list.loading' })}>
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
              message={intl.formatMessage({ id: 'customers.list.loadFailed' })}
              onRetry={() => void refetch()}
            />
          </p>
        )}
        {data && data.items.length === 0 && (
          <EmptyState
            icon="building"
            title={
              q
                ? intl.formatMessage({ id: 'customers.list.noMatch' }, { q })
                : intl.formatMessage({ id: 'customers.list.empty' })
            }
          >
            {q ? <Message id="customers.list.noMatchHint" /> : <Message id="customers.list.emptyHint" />}
          </EmptyState>
        )}
        {data && data.items.length > 0 && (
          <table className="customers-table" aria-busy={isFetching}>
            <TableHead
              columns={[
                intl.formatMessage({ id: 'customers.list.name' }),
                intl.formatMessage({ id: 'customers.list.address' }),
                intl.formatMessage({ id: 'customers.list.phone' }),
                intl.formatMessage({ id: 'customers.list.email' }),
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
          <nav className="customers-pager" aria-label={intl.formatMessage({ id: 'customers.pager.label' })}>
            <Button size="sm" icon="chevronLeft" disabled={page <= 1} onClick={() => goTo(page - 1)}>
              <Message id="customers.pager.previous" />
            </Button>
            <span>
              <Message
                id="customers.pager.page"
                values={{ page: String(page), pages: String(Math.ceil(total / pageSize)) }}
              />
            </span>
            <Button size="sm" disabled={last >= total} onClick={() => goTo(page + 1)}>
              <Message id="customers.pager.next" />
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
