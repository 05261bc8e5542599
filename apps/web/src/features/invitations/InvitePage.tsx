import { type InvitationPreview, limits } from '@fieldplan/shared';
import { Link, useParams } from 'react-router';
import { buttonClass } from '../../components/Button';
import { CardPage } from '../../components/CardPage';
import { Loading, Skeleton } from '../../components/Skeleton';
import { roleDescriptionMessages } from '../../entities/member';
import { useGetMeQuery } from '../../entities/session/endpoints';
import { formatDateTime } from '../../lib/format';
import { Message, useIntl } from '../../lib/i18n';
import { problemMessage, toProblem } from '../../lib/problem';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AcceptInvitationForm } from './AcceptInvitationForm';
import { usePreviewInvitationQuery } from './endpoints';

function SignInLink() {
  return (
    <Link to="/login" className={buttonClass('primary', 'md', 'btn-block')}>
      <Message id="invitations.page.goToSignIn" />
    </Link>
  );
}

function InvitationInvalid({ status, detail }: { status: number; detail: string }) {
  if (status === 404) {
    return (
      <CardPage
        title={<Message id="invitations.page.invalidTitle" />}
        subtitle={<Message id="invitations.page.invalidHint" />}
      >
        <SignInLink />
      </CardPage>
    );
  }
  return (
    <CardPage
      title={
        status === 410 ? <Message id="invitations.page.goneTitle" /> : <Message id="invitations.page.failedTitle" />
      }
      subtitle={<Message id="invitations.page.goneHint" values={{ detail, days: limits.invitationDays }} />}
    >
      <SignInLink />
    </CardPage>
  );
}

function Invitation({ token, preview }: { token: string; preview: InvitationPreview }) {
  const intl = useIntl();
  const { data: me } = useGetMeQuery();
  return (
    <CardPage
      title={<Message id="invitations.page.title" values={{ workspace: preview.workspaceName, role: preview.role }} />}
      subtitle={
        <Message
          id="invitations.page.roleDescription"
          values={{ description: intl.formatMessage(roleDescriptionMessages[preview.role]) }}
        />
      }
      footer={
        <span className="invite-expiry">
          <Message id="invitations.page.expires" values={{ when: formatDateTime(preview.expiresAt) }} />
        </span>
      }
    >
      <AcceptInvitationForm token={token} preview={preview} signedInAs={me?.user.email ?? null} />
    </CardPage>
  );
}

/** `/invite/:token`: what the invitation is for, and the form to accept it. */
export function InvitePage() {
  const intl = useIntl();
  const { token = '' } = useParams();
  useDocumentTitle(intl.formatMessage({ id: 'invitations.page.documentTitle' }));
  const { data: preview, error, isLoading } = usePreviewInvitationQuery(token);
  if (isLoading) {
    return (
      <CardPage title={<Message id="invitations.page.opening" />}>
        <Loading label={intl.formatMessage({ id: 'invitations.page.loading' })}>
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
