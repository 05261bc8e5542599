import { type InvitationPreview, limits, roleDescription, roleLabel } from '@fieldplan/shared';
import { Link, useParams } from 'react-router';
import { buttonClass } from '../../components/Button';
import { CardPage } from '../../components/CardPage';
import { Loading, Skeleton } from '../../components/Skeleton';
import { useGetMeQuery } from '../../entities/session/endpoints';
import { formatDateTime } from '../../lib/format';
import { problemMessage, toProblem } from '../../lib/problem';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AcceptInvitationForm } from './AcceptInvitationForm';
import { usePreviewInvitationQuery } from './endpoints';

function SignInLink() {
  return (
    <Link to="/login" className={buttonClass('primary', 'md', 'btn-block')}>
      Go to sign in
    </Link>
  );
}

function InvitationInvalid({ status, detail }: { status: number; detail: string }) {
  if (status === 404) {
    return (
      <CardPage
        title="This invitation link isn't valid"
        subtitle="Check that you opened the whole link. If it still doesn't work, ask the person who invited you for a new one."
      >
        <SignInLink />
      </CardPage>
    );
  }
  return (
    <CardPage
      title={status === 410 ? 'This invitation can no longer be used' : "Couldn't open this invitation"}
      subtitle={`${detail}. Invitations work once and for ${limits.invitationDays} days — ask for a new one if you still need to join.`}
    >
      <SignInLink />
    </CardPage>
  );
}

function Invitation({ token, preview }: { token: string; preview: InvitationPreview }) {
  const { data: me } = useGetMeQuery();
  return (
    <CardPage
      title={
        <>
          Join {preview.workspaceName} as {roleLabel[preview.role].toLowerCase()}
        </>
      }
      subtitle={`${roleDescription[preview.role]}.`}
      footer={<span className="invite-expiry">This invitation expires {formatDateTime(preview.expiresAt)}.</span>}
    >
      <AcceptInvitationForm token={token} preview={preview} signedInAs={me?.user.email ?? null} />
    </CardPage>
  );
}

/** `/invite/:token`: what the invitation is for, and the form to accept it. */
export function InvitePage() {
  const { token = '' } = useParams();
  useDocumentTitle('Invitation');
  const { data: preview, error, isLoading } = usePreviewInvitationQuery(token);
  if (isLoading) {
    return (
      <CardPage title="Opening your invitation…">
        <Loading label="Loading the invitation">
          <Skeleton height={36} />
          <div style={{ height: 12 }} />
          <Skeleton height={36} />
        </Loading>
      </CardPage>
    );
  }
  if (!preview) {
    const problem = toProblem(error);
    return <InvitationInvalid status={problem.status} detail={problemMessage(problem).replace(/[.:]\s*$/, '')} />;
  }
  return <Invitation token={token} preview={preview} />;
}
