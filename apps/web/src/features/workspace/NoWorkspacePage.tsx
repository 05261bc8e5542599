import { Button } from '../../components/Button';
import { CardPage } from '../../components/CardPage';
import { Message, useIntl } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSignOut } from '../auth';

/** Signed in, but a member of no workspace (every membership was deactivated). */
export function NoWorkspacePage({ name }: { name: string }) {
  const intl = useIntl();
  const signOut = useSignOut();
  useDocumentTitle(intl.formatMessage({ id: 'workspace.none.documentTitle' }));
  return (
    <CardPage
      title={<Message id="workspace.none.title" values={{ name }} />}
      subtitle={<Message id="workspace.none.hint" />}
    >
      <Button className="btn-block" onClick={() => void signOut()}>
        <Message id="workspace.none.signOut" />
      </Button>
    </CardPage>
  );
}
