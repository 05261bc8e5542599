import type { InvitationPreview, Me } from '@fieldplan/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { StackForm } from '../../components/StackForm';
import { TextField } from '../../components/TextField';
import { Message, useIntl } from '../../lib/i18n';
import { sharedSchemaResolver } from '../../lib/shared-schema-resolver';
import { useFormProblem } from '../../lib/use-form-problem';
import { acceptAsNewUserSchema, acceptWithPasswordSchema } from './accept-schemas';
import { useAcceptInvitationMutation } from './endpoints';

const fields = ['name', 'password'] as const;

type AcceptValues = { name?: string; password?: string };

/** The workspace just joined: matched by name, else the newest membership. */
function joinedPath(me: Me, workspaceName: string): string {
  const joined =
    me.memberships.find((m) => m.workspaceName === workspaceName) ?? me.memberships[me.memberships.length - 1];
  return joined ? `/w/${joined.workspaceSlug}` : '/';
}

interface Props {
  token: string;
  preview: InvitationPreview;
  /** Email of the user signed in in this browser, if any. */
  signedInAs: string | null;
}

/**
 * Accepting: the invitee already signed in as the invited email just confirms; anyone else either
 * creates the account here or, having one, proves it with its password. The preview doesn't say
 * whether the email has an account (anyone with the link could learn it), so the invitee picks.
 */
export function AcceptInvitationForm({ token, preview, signedInAs }: Props) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [accept] = useAcceptInvitationMutation();
  const [hasAccount, setHasAccount] = useState(false);
  const alreadySignedIn = signedInAs === preview.email;
  const needsName = !hasAccount && !alreadySignedIn;
  const schema: z.ZodType<AcceptValues, AcceptValues> = needsName ? acceptAsNewUserSchema : acceptWithPasswordSchema;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AcceptValues>({
    // Signed in as the invitee: nothing to check, the body is empty.
    resolver: alreadySignedIn ? undefined : sharedSchemaResolver(schema),
    defaultValues: { name: '', password: '' },
    mode: 'onTouched',
    shouldUnregister: true,
  });
  const problem = useFormProblem(setError, fields);

  const onSubmit = handleSubmit(async (values) => {
    problem.clear();
    try {
      const me = await accept({ token, body: alreadySignedIn ? {} : values }).unwrap();
      await navigate(joinedPath(me, preview.workspaceName), { replace: true });
    } catch (error) {
      problem.report(error);
    }
  });

  return (
    <StackForm
      onSubmit={onSubmit}
      message={problem.message}
      submitting={isSubmitting}
      submit={
        needsName ? (
          <Message id="invitations.accept.createAndJoin" />
        ) : (
          <Message id="invitations.accept.join" values={{ workspace: preview.workspaceName }} />
        )
      }
      after={
        !alreadySignedIn && (
          <Button
            type="button"
            variant="ghost"
            className="btn-block"
            onClick={() => {
              problem.clear();
              setHasAccount(!hasAccount);
            }}
          >
            {hasAccount ? (
              <Message id="invitations.accept.createInstead" />
            ) : (
              <Message id="invitations.accept.useAccount" />
            )}
          </Button>
        )
      }
    >
      {signedInAs && !alreadySignedIn && (
        <Alert tone="info">
          <Message id="invitations.accept.otherAccount" values={{ signedInAs, email: preview.email }} />
        </Alert>
      )}
      <TextField
        label={intl.formatMessage({ id: 'invitations.accept.email' })}
        value={preview.email}
        readOnly
        hint={intl.formatMessage({ id: 'invitations.accept.emailHint' })}
      />
      {needsName && (
        <TextField
          label={intl.formatMessage({ id: 'invitations.accept.name' })}
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
      )}
      {!alreadySignedIn && (
        <TextField
          key={hasAccount ? 'current' : 'new'}
          label={
            hasAccount
              ? intl.formatMessage({ id: 'invitations.accept.password' })
              : intl.formatMessage({ id: 'invitations.accept.newPassword' })
          }
          type="password"
          autoComplete={hasAccount ? 'current-password' : 'new-password'}
          hint={
            hasAccount
              ? intl.formatMessage({ id: 'invitations.accept.passwordHint' })
              : intl.formatMessage({ id: 'invitations.accept.newPasswordHint' })
          }
          error={errors.password?.message}
          {...register('password')}
        />
      )}
    </StackForm>
  );
}
