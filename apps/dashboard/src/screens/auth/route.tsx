import { Alert, Button, cn, Input } from '@kaja/ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { api, call } from '../../api/client';
import { ApiError } from '../../api/errors';
import { nextPath, useSession, useStartSession } from '../../api/session';
import { Field } from '../../forms/field';
import { lazyResolver } from '../../forms/lazy-resolver';
import { showServerErrors } from '../../forms/server-errors';
import { PageStatus } from '../../shell/page-status';
import { AuthPage } from './auth-page';
import { PasskeySignIn } from './passkey-sign-in';
import { isSecondFactorStep, SecondFactorForm, type SecondFactorStep } from './second-factor-form';
import type { SignInValues, SignUpValues } from './auth-schemas';

// This is the first screen most visitors load: its forms' rules come when the person starts typing.
const signInRules = lazyResolver(() => import('./auth-schemas').then((rules) => rules.signInResolver));
const signUpRules = lazyResolver(() => import('./auth-schemas').then((rules) => rules.signUpResolver));

/** The API's answer to the right password while the account is being guessed at: no session, a link by mail. */
const isSignInLinkSent = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && (error.details as { sign_in_link_sent?: unknown } | undefined)?.sign_in_link_sent === true;

function SignInForm() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const startSession = useStartSession();
  const [failure, setFailure] = useState<string | null>(null);
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);
  const [step, setStep] = useState<SecondFactorStep | null>(null);
  const form = useForm<SignInValues>({ resolver: signInRules.resolver, defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const signedIn = async (accessToken: string) => {
    await startSession(accessToken);
    void navigate(nextPath(search), { replace: true });
  };

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    setLinkSentTo(null);
    try {
      const { data } = await call(api.POST('/v1/auth/signin', { body: values }));
      if (isSecondFactorStep(data)) return setStep(data);
      await signedIn(data.access_token);
    } catch (error) {
      if (isSignInLinkSent(error)) setLinkSentTo(values.email);
      else setFailure(showServerErrors(error, form.setError, ['email', 'password']));
    }
  });

  if (step) return <SecondFactorForm step={step} onSignedIn={signedIn} />;
  return (
    <div className="grid gap-4">
      <form onSubmit={(event) => void submit(event)} onFocus={signInRules.preload} noValidate className="grid gap-4">
        {failure && <Alert variant="destructive">{failure}</Alert>}
        {linkSentTo && (
          <Alert>
            <p className="font-medium">We mailed you a link to finish signing in</p>
            <p className="mt-1 text-muted-foreground">
              Many wrong passwords were tried on this account, so the right one alone is not enough. Open the link we sent to {linkSentTo} within 15 minutes.
            </p>
          </Alert>
        )}
        <Field label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </Field>
        <Field label="Password" error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...form.register('password')} />
        </Field>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Signing in…' : 'Sign in'}
        </Button>
        <Link to="/auth/forgot-password" className="text-center text-sm text-primary underline-offset-4 hover:underline">
          Forgot your password?
        </Link>
      </form>
      <PasskeySignIn onSignedIn={signedIn} />
    </div>
  );
}

function SignUpForm() {
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SignUpValues>({ resolver: signUpRules.resolver, defaultValues: { email: '', password: '', full_name: '', company: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { data } = await call(api.POST('/v1/auth/signup', { body: values }));
      setSent(data.message);
    } catch (error) {
      setFailure(showServerErrors(error, form.setError, ['email', 'password', 'full_name', 'company']));
    }
  });

  if (sent) return <Alert>{sent}</Alert>;
  return (
    <form onSubmit={(event) => void submit(event)} onFocus={signUpRules.preload} noValidate className="grid gap-4">
      {failure && <Alert variant="destructive">{failure}</Alert>}
      <Field label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </Field>
      <Field label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </Field>
      <Field label="Full name" error={errors.full_name?.message}>
        <Input autoComplete="name" {...form.register('full_name')} />
      </Field>
      <Field label="Company" error={errors.company?.message}>
        <Input autoComplete="organization" {...form.register('company')} />
      </Field>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Creating your account…' : 'Create account'}
      </Button>
    </form>
  );
}

/**
 * Sign in and sign up are two addresses (/login, /signup) shown as tabs: links, as the zone's tabs are,
 * so the first screen needs no tab widget, and the address says which form is open.
 */
function AuthTabs({ current }: { current: 'signin' | 'signup' }) {
  const { search } = useLocation();
  const tabs = [
    { id: 'signin', to: '/login', label: 'Sign in' },
    { id: 'signup', to: '/signup', label: 'Sign up' },
  ] as const;
  return (
    <nav aria-label="Sign in or sign up" className="mb-4 flex h-10 items-center rounded-md bg-muted p-1 text-muted-foreground">
      {tabs.map((tab) => (
        <Link
          key={tab.id}
          to={{ pathname: tab.to, search }}
          replace
          aria-current={tab.id === current ? 'page' : undefined}
          className={cn(
            'inline-flex h-full flex-1 items-center justify-center rounded-sm px-3 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            tab.id === current && 'bg-background text-foreground shadow-sm',
          )}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

/** /auth, /login and /signup: sign in and sign up as two tabs; /signup opens the second. */
export default function AuthScreen() {
  const location = useLocation();
  const [search] = useSearchParams();
  const session = useSession();
  const tab = location.pathname === '/signup' ? 'signup' : 'signin';
  if (session.isPending) return <PageStatus>Loading…</PageStatus>;
  if (session.data) return <Navigate to={nextPath(search)} replace />;
  return (
    <AuthPage title={tab === 'signup' ? 'Create your account' : 'Sign in to Kaja DNS'}>
      <AuthTabs current={tab} />
      {tab === 'signup' ? <SignUpForm /> : <SignInForm />}
    </AuthPage>
  );
}
