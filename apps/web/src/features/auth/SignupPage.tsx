import { limits, signUpSchema } from '@fieldplan/shared';
import { zodResolver } from '@hookform/resolvers/zod';
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
import { toProblem } from '../../lib/problem';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFormProblem } from '../../lib/use-form-problem';
import { signInNoticeMessage } from './sign-in-notices';

const fields = ['name', 'email', 'password', 'workspaceName'] as const;

export function SignupPage() {
  useDocumentTitle('Create your workspace');
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
    resolver: zodResolver(signUpSchema),
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
      title="Create your workspace"
      subtitle="You'll be its owner, and can invite your team right after."
      footer={
        <>
          Already have an account? <Link to="/login">Sign in</Link>
        </>
      }
    >
      <StackForm onSubmit={onSubmit} message={problem.message} submitting={isSubmitting} submit="Create workspace">
        {notSignedIn && (
          <Alert>
            These details didn't sign you in. If you already have an account with this email:{' '}
            <Link to="/login">Sign in with that account</Link>. Otherwise, use another email.
          </Alert>
        )}
        <TextField label="Your name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <EmailField label="Work email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={`${limits.passwordMin} to ${limits.passwordMax} characters. A short sentence works well.`}
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Workspace name"
          autoComplete="organization"
          hint="Your company or team, e.g. “Acme Plumbing”. You can change it later."
          error={errors.workspaceName?.message}
          {...register('workspaceName')}
        />
      </StackForm>
    </CardPage>
  );
}
