import { Link } from 'react-router';
import { buttonClass } from '../../components/Button';
import { CardPage } from '../../components/CardPage';
import { EmptyState } from '../../components/EmptyState';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Unknown route outside a workspace, or a workspace you are not a member of. */
export function NotFoundPage({ what = 'page' }: { what?: 'page' | 'workspace' }) {
  useDocumentTitle('Not found');
  return (
    <CardPage
      title={what === 'workspace' ? 'Workspace not found' : 'Page not found'}
      subtitle={
        what === 'workspace'
          ? "This workspace doesn't exist, or you are not a member of it. Ask its owner for an invitation link."
          : "There's nothing at this address. Check the link, or start again from your workspace."
      }
    >
      <Link to="/" className={buttonClass('primary', 'md', 'btn-block')}>
        Go to my workspace
      </Link>
    </CardPage>
  );
}

/** Unknown route inside a workspace: the shell stays, so the way out is one click. */
export function NotFoundContent() {
  const { slug } = useWorkspace();
  useDocumentTitle('Not found');
  return (
    <EmptyState
      icon="compass"
      title="Page not found"
      level={1}
      action={
        <Link to={`/w/${slug}`} className={buttonClass('secondary')}>
          Back to overview
        </Link>
      }
    >
      There's no screen at this address. Use the navigation above to get where you were going.
    </EmptyState>
  );
}
