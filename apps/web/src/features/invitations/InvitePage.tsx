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
      <Message id="invitations.page.goToSignIn" defaultMessage="Go to sign in" />
    </Link>
  );
}

function InvitationInvalid({ status, detail }: { status: number; detail: string }) {
  if (status === 404) {
    return (
      <CardPage
        title={<Message id="invitations.page.invalidTitle" defaultMessage="This invitation link isn't valid" />}
        subtitle={
          <Message
            id="invitations.page.invalidHint"
            defaultMessage="Check that you opened the whole link. If it still doesn't work, ask the person who invited you for a new one."
          />
        }
      >
        <SignInLink />
      </CardPage>
    );
  }
  return (
    <CardPage
      title={
        status === 410 ? (
          <Message id="invitations.page.goneTitle" defaultMessage="This invitation can no longer be used" />
        ) : (
          <Message id="invitations.page.failedTitle" defaultMessage="Couldn't open this invitation" />
        )
      }
      subtitle={
        <Message
          id="invitations.page.goneHint"
          defaultMessage="{detail}. Invitations work once and for {days, plural, one {# day} other {# days}} — ask for a new one if you still need to join."
          values={{ detail, days: limits.invitationDays }}
        />
      }
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
      title={
        <Message
          id="invitations.page.title"
          defaultMessage="Join {workspace} as {role, select, owner {owner} dispatcher {dispatcher} technician {technician} other {viewer}}"
          values={{ workspace: preview.workspaceName, role: preview.role }}
        />
      }
      subtitle={
        <Message
          id="invitations.page.roleDescription"
          defaultMessage="{description}."
          values={{ description: intl.formatMessage(roleDescriptionMessages[preview.role]) }}
        />
      }
      footer={
        <span className="invite-expiry">
          <Message
            id="invitations.page.expires"
            defaultMessage="This invitation expires {when}."
            values={{ when: formatDateTime(preview.expiresAt) }}
          />
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
  useDocumentTitle(intl.formatMessage({ id: 'invitations.page.documentTitle', defaultMessage: 'Invitation' }));
  const { data: preview, error, isLoading } = usePreviewInvitationQuery(token);
  if (isLoading) {
    return (
      <CardPage title={<Message id="invitations.page.opening" defaultMessage="Opening your invitation…" />}>
        <Loading
          label={intl.formatMessage({ id: 'invitations.page.loading', defaultMessage: 'Loading the invitation' })}
        >
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
