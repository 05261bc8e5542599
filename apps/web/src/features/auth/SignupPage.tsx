import { limits, signUpSchema } from '@fieldplan/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../components/Alert';
import { CardPage } from '../../components/CardPage';
import { StackForm } from '../../components/StackForm';
import { EmailField, TextField } from '../../components/TextField';
import { useToast } from '../../components/use-toast';
import { useSignInMutation, useSignUpMutation } from '../../entities/session/endpoints';
import { landingPath } from '../../entities/session/landing-path';
import { Message, useIntl } from '../../lib/i18n';
import { toProblem } from '../../lib/problem';
import { sharedSchemaResolver } from '../../lib/shared-schema-resolver';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFormProblem } from '../../lib/use-form-problem';
import { signInNoticeMessage } from './sign-in-notices';

const fields = ['name', 'email', 'password', 'workspaceName'] as const;

export function SignupPage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'auth.signUp.title' });
  useDocumentTitle(title);
  const navigate = useNavigate();
  const [signUp] = useSignUpMutation();
  const [signIn] = useSignInMutation();
  const toast = useToast();
  // The sign-up went through but these details don't sign in: the email has another account.
  const [notSignedIn, setNotSignedIn] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: sharedSchemaResolver(signUpSchema),
    defaultValues: { name: '', email: '', password: '', workspaceName: '' },
    mode: 'onTouched',
  });
  const problem = useFormProblem(setError, fields);

  const onSubmit = handleSubmit(async (values) => {
    problem.clear();
    setNotSignedIn(false);
    try {
      // The answer is the same for a new and a taken email; signing in with the same details
      // opens the new workspace (or the existing account, when the password is its own).
      // The browser's language sets the new workspace's time and date formats (changeable in Settings).
      await signUp({ ...values, locale: navigator.language }).unwrap();
      const me = await signIn({ email: values.email, password: values.password }).unwrap();
      const notice = signInNoticeMessage(me, true);
      if (notice) toast({ tone: 'info', message: notice });
      await navigate(landingPath(me), { replace: true });
    } catch (error) {
      if (toProblem(error).code === 'unauthenticated') setNotSignedIn(true);
      else problem.report(error);
    }
  });

  return (
    <CardPage
      title={title}
      subtitle={<Message id="auth.signUp.subtitle" />}
      footer={<Message id="auth.signUp.haveAccount" values={{ link: (chunks) => <Link to="/login">{chunks}</Link> }} />}
    >
      <StackForm
        onSubmit={onSubmit}
        message={problem.message}
        submitting={isSubmitting}
        submit={<Message id="auth.signUp.submit" />}
      >
        {notSignedIn && (
          <Alert>
            <Message id="auth.signUp.notSignedIn" values={{ link: (chunks) => <Link to="/login">{chunks}</Link> }} />
          </Alert>
        )}
        <TextField
          label={intl.formatMessage({ id: 'auth.signUp.name' })}
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
        <EmailField
          label={intl.formatMessage({ id: 'auth.signUp.email' })}
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label={intl.formatMessage({ id: 'auth.password' })}
          type="password"
          autoComplete="new-password"
          hint={intl.formatMessage(
            { id: 'auth.signUp.passwordHint' },
            { min: limits.passwordMin, max: limits.passwordMax },
          )}
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label={intl.formatMessage({ id: 'auth.signUp.workspaceName' })}
          autoComplete="organization"
          hint={intl.formatMessage({ id: 'auth.signUp.workspaceNameHint' })}
          error={errors.workspaceName?.message}
          {...register('workspaceName')}
        />
      </StackForm>
    </CardPage>
  );
}
