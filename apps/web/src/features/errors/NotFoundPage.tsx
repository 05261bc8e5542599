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
  useDocumentTitle(intl.formatMessage({ id: 'errors.notFound.documentTitle', defaultMessage: 'Not found' }));
  return (
    <CardPage
      title={
        what === 'workspace' ? (
          <Message id="errors.notFound.workspace" defaultMessage="Workspace not found" />
        ) : (
          <Message id="errors.notFound.page" defaultMessage="Page not found" />
        )
      }
      subtitle={
        what === 'workspace' ? (
          <Message
            id="errors.notFound.workspaceHint"
            defaultMessage="This workspace doesn't exist, or you are not a member of it. Ask its owner for an invitation link."
          />
        ) : (
          <Message
            id="errors.notFound.pageHint"
            defaultMessage="There's nothing at this address. Check the link, or start again from your workspace."
          />
        )
      }
    >
      <Link to="/" className={buttonClass('primary', 'md', 'btn-block')}>
        <Message id="errors.notFound.goToWorkspace" defaultMessage="Go to my workspace" />
      </Link>
    </CardPage>
  );
}

/** Unknown route inside a workspace: the shell stays, so the way out is one click. */
export function NotFoundContent() {
  const intl = useIntl();
  const { slug } = useWorkspace();
  useDocumentTitle(intl.formatMessage({ id: 'errors.notFound.documentTitle', defaultMessage: 'Not found' }));
  return (
    <EmptyState
      icon="compass"
      title={intl.formatMessage({ id: 'errors.notFound.page', defaultMessage: 'Page not found' })}
      level={1}
      action={
        <Link to={`/w/${slug}`} className={buttonClass('secondary')}>
          <Message id="errors.notFound.backToOverview" defaultMessage="Back to overview" />
        </Link>
      }
    >
      <Message
        id="errors.notFound.screenHint"
        defaultMessage="There's no screen at this address. Use the navigation above to get where you were going."
      />
    </EmptyState>
  );
}
