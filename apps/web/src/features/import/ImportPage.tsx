import { can, type Import, type ImportKind } from '@fieldplan/shared';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/Alert';
import { PageHeader, Panel } from '../../components/Panel';
import { Loading, Skeleton } from '../../components/Skeleton';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { Message, useIntl } from '../../lib/i18n';
import { problemMessage, toProblem } from '../../lib/problem';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useGetImportQuery } from './endpoints';
import { ImportMapping } from './ImportMapping';
import { ImportProgress } from './ImportProgress';
import { ImportUpload } from './ImportUpload';
import './Import.css';

/**
 * `/w/:slug/customers/import`: the import wizard (docs/PRODUCT.md, "Import"). The import's id is in the
 * URL (`?id=`), so a reload comes back to the same step — and to its progress while it runs; `?kind=jobs`
 * imports jobs instead of customers.
 */
export function ImportPage() {
  const intl = useIntl();
  const { workspaceId, slug, role } = useWorkspace();
  const [search, setSearch] = useSearchParams();
  const id = search.get('id');
  const kind: ImportKind = search.get('kind') === 'jobs' ? 'jobs' : 'customers';
  const title = intl.formatMessage({ id: 'import.page.title' }, { kind });
  useDocumentTitle(title);
  const open = (imp: Import) => setSearch(imp.kind === 'jobs' ? { id: imp.id, kind: 'jobs' } : { id: imp.id });

  if (!can(role, 'import.run')) {
    return (
      <Alert>
        <Message id="import.page.notAllowed" values={{ kind }} />
      </Alert>
    );
  }
  return (
    <div className="import">
      <PageHeader
        title={title}
        description={
          <>
            <Message id="import.page.description" />{' '}
            {kind === 'jobs' ? (
              <Link to={`/w/${slug}/customers/import`}>
                <Message id="import.page.customersInstead" />
              </Link>
            ) : (
              <Link to={`/w/${slug}/customers/import?kind=jobs`}>
                <Message id="import.page.jobsInstead" />
              </Link>
            )}
            {' · '}
            <Link to={`/w/${slug}/customers`}>
              <Message id="import.page.backToCustomers" />
            </Link>
          </>
        }
      />
      {id ? (
        <ImportStep workspaceId={workspaceId} id={id} />
      ) : (
        <ImportUpload workspaceId={workspaceId} kind={kind} onUploaded={open} />
      )}
    </div>
  );
}

function ImportStep({ workspaceId, id }: { workspaceId: string; id: string }) {
  const intl = useIntl();
  const running = (imp: Import | undefined) => imp?.status === 'running' || imp?.status === 'geocoding';
  const query = useGetImportQuery({ workspaceId, id });
  // Changes bring the progress live; a slow poll covers a lost connection.
  useGetImportQuery({ workspaceId, id }, { pollingInterval: running(query.data) ? 3000 : 0 });
  if (query.isLoading) {
    return (
      <Loading label={intl.formatMessage({ id: 'import.page.loading' })}>
        <Skeleton height={120} />
      </Loading>
    );
  }
  if (!query.data) {
    return (
      <Panel>
        <Alert>{problemMessage(toProblem(query.error))}</Alert>
      </Panel>
    );
  }
  return query.data.status === 'uploaded' ? (
    <ImportMapping workspaceId={workspaceId} imp={query.data} />
  ) : (
    <ImportProgress workspaceId={workspaceId} imp={query.data} />
  );
}
