import { signInSchema } from '@fieldplan/shared';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { CardPage } from '../../components/CardPage';
import { StackForm } from '../../components/StackForm';
import { EmailField, TextField } from '../../components/TextField';
import { useToast } from '../../components/use-toast';
import { useGetMeQuery, useSignInMutation } from '../../entities/session/endpoints';
import { landingPath } from '../../entities/session/landing-path';
import { safeNext } from '../../entities/session/login-path';
import { Message, useIntl } from '../../lib/i18n';
import { sharedSchemaResolver } from '../../lib/shared-schema-resolver';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFormProblem } from '../../lib/use-form-problem';
import { DemoHint } from './DemoHint';
import { signInNoticeMessage } from './sign-in-notices';

const fields = ['email', 'password'] as const;

export function LoginPage() {
  const intl = useIntl();
  const signInWords = intl.formatMessage({ id: 'auth.signIn.title' });
  useDocumentTitle(signInWords);
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const navigate = useNavigate();
  // Fresh, not cached: after a session ends the cache may still hold the old `me`.
  const { currentData: me, isFetching } = useGetMeQuery(undefined, { refetchOnMountOrArgChange: true });
  const [signIn] = useSignInMutation();
  const toast = useToast();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: sharedSchemaResolver(signInSchema),
    defaultValues: { email: '', password: '' },
    mode: 'onTouched',
  });
  const problem = useFormProblem(setError, fields);

  const onSubmit = handleSubmit(async (values) => {
    problem.clear();
    try {
      const signedIn = await signIn(values).unwrap();
      const notice = signInNoticeMessage(signedIn, false);
      if (notice) toast({ tone: 'info', message: notice });
      await navigate(next ?? landingPath(signedIn), { replace: true });
    } catch (error) {
      problem.report(error);
    }
  });

  // Already signed in (a bookmark to /login): carry on where they meant to go.
  if (me && !isFetching && !isSubmitting) return <Navigate to={next ?? landingPath(me)} replace />;

  return (
    <CardPage
      title={signInWords}
      subtitle={next ? <Message id="auth.signIn.sessionEnded" /> : <Message id="auth.signIn.welcomeBack" />}
      footer={<Message id="auth.signIn.newHere" values={{ link: (chunks) => <Link to="/signup">{chunks}</Link> }} />}
    >
      <StackForm onSubmit={onSubmit} message={problem.message} submitting={isSubmitting} submit={signInWords}>
        <EmailField
          label={intl.formatMessage({ id: 'auth.signIn.email' })}
          autoComplete="username"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label={intl.formatMessage({ id: 'auth.password' })}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
      </StackForm>
      <DemoHint
        onUse={(email, password) => {
          setValue('email', email);
          setValue('password', password);
        }}
      />
    </CardPage>
  );
}
