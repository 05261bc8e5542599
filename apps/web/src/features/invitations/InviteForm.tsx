import { type Invitation, invitationCreateSchema, roles } from '@fieldplan/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Select } from '../../components/Select';
import { EmailField } from '../../components/TextField';
import { roleMessages } from '../../entities/member';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { Message, useIntl } from '../../lib/i18n';
import { sharedSchemaResolver } from '../../lib/shared-schema-resolver';
import { useFormProblem } from '../../lib/use-form-problem';
import { CreatedInvite } from './CreatedInvite';
import { useCreateInvitationMutation } from './endpoints';

const fields = ['email', 'role'] as const;

/** The email input's id, so the Team screen can jump to the form on narrow screens. */
export const inviteEmailId = 'invite-email';

/** Email + role → a one-time invite link to copy and send. */
export function InviteForm() {
  const intl = useIntl();
  const { workspaceId } = useWorkspace();
  const [create] = useCreateInvitationMutation();
  const [created, setCreated] = useState<Invitation | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: sharedSchemaResolver(invitationCreateSchema),
    defaultValues: { email: '', role: 'technician' as const },
  });
  const problem = useFormProblem(setError, fields);

  const onSubmit = handleSubmit(async (values) => {
    problem.clear();
    try {
      setCreated(await create({ workspaceId, invitation: values }).unwrap());
      reset({ email: '', role: values.role });
    } catch (error) {
      problem.report(error);
    }
  });

  return (
    <div className="invite">
      <form
        className="invite-form"
        onSubmit={onSubmit}
        noValidate
        aria-label={intl.formatMessage({ id: 'invitations.form.label' })}
      >
        {problem.message && <Alert>{problem.message}</Alert>}
        <EmailField
          id={inviteEmailId}
          label={intl.formatMessage({ id: 'invitations.form.email' })}
          autoComplete="off"
          placeholder={intl.formatMessage({ id: 'invitations.form.emailExample' })}
          error={errors.email?.message}
          {...register('email')}
        />
        <Select
          label={intl.formatMessage({ id: 'invitations.form.role' })}
          error={errors.role?.message}
          {...register('role')}
        >
          {roles.map((role) => (
            <option key={role} value={role}>
              {intl.formatMessage(roleMessages[role])}
            </option>
          ))}
        </Select>
        <Button type="submit" variant="primary" icon="link" loading={isSubmitting}>
          <Message id="invitations.form.submit" />
        </Button>
      </form>
      {created?.url && <CreatedInvite invitation={created} url={created.url} onDone={() => setCreated(null)} />}
    </div>
  );
}
