import { Link } from 'react-router';
import { buttonClass } from '../../components/Button';
import { CardPage } from '../../components/CardPage';
import { EmptyState } from '../../components/EmptyState';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { Message, useIntl } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Unknown route outside a workspace, or a workspace you are not a member of. */
export function NotFoundPage({ what = 'page' }: { what?: 'page' | 'workspace' }) {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'errors.notFound.documentTitle' }));
  return (
    <CardPage
      title={what === 'workspace' ? <Message id="errors.notFound.workspace" /> : <Message id="errors.notFound.page" />}
      subtitle={
        what === 'workspace' ? (
          <Message id="errors.notFound.workspaceHint" />
        ) : (
          <Message id="errors.notFound.pageHint" />
        )
      }
    >
      <Link to="/" className={buttonClass('primary', 'md', 'btn-block')}>
        <Message id="errors.notFound.goToWorkspace" />
      </Link>
    </CardPage>
  );
}

/** Unknown route inside a workspace: the shell stays, so the way out is one click. */
export function NotFoundContent() {
  const intl = useIntl();
  const { slug } = useWorkspace();
  useDocumentTitle(intl.formatMessage({ id: 'errors.notFound.documentTitle' }));
  return (
    <EmptyState
      icon="compass"
      title={intl.formatMessage({ id: 'errors.notFound.page' })}
      level={1}
      action={
        <Link to={`/w/${slug}`} className={buttonClass('secondary')}>
          <Message id="errors.notFound.backToOverview" />
        </Link>
      }
    >
      <Message id="errors.notFound.screenHint" />
    </EmptyState>
  );
}
