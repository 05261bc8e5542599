import { Button } from '../../components/Button';
import { CardPage } from '../../components/CardPage';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSignOut } from '../auth';

/** Signed in, but a member of no workspace (every membership was deactivated). */
export function NoWorkspacePage({ name }: { name: string }) {
  const signOut = useSignOut();
  useDocumentTitle('No workspace');
  return (
    <CardPage
      title={`You're not in a workspace, ${name}`}
      subtitle="Ask the owner of your team for a new invitation link, then open it in this browser."
    >
      <Button className="btn-block" onClick={() => void signOut()}>
        Sign out
      </Button>
    </CardPage>
  );
}
