import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetch, problem } from '../../test/fake-api';
import { meAs, workspaceId, workspaceRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const signedOut = {
  'GET /me': () => problem('unauthenticated', 'Please sign in'),
  'GET /config': { version: 'test', demo: false },
};

/** The message an input points at through aria-describedby. */
function describedBy(input: HTMLElement): string {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('the sign-in page', () => {
  it('shows the shared schema messages under each field and sends nothing', async () => {
    const fetch = fakeFetch(signedOut);
    const { user } = renderApp('/login', fetch);
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));

    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(describedBy(email)).toBe('Email is required');
    expect(describedBy(password)).toBe('Password is required');
    expect(fetch.callsTo('POST /auth/sign-in')).toHaveLength(0);

    await user.type(email, 'not-an-email');
    await user.tab();
    await waitFor(() => expect(describedBy(email)).toBe('Email must be a valid email address'));
  });

  it('shows a wrong password in an alert, and 429 with the seconds to wait', async () => {
    let attempts = 0;
    const fetch = fakeFetch({
      ...signedOut,
      'POST /auth/sign-in': () =>
        ++attempts === 1
          ? problem('unauthenticated', 'Email or password is incorrect')
          : problem('rate_limited', 'Too many sign-in attempts', { retryAfter: 42 }),
    });
    const { user } = renderApp('/login', fetch);
    await user.type(await screen.findByLabelText('Email'), 'owner@demo.test');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email or password is incorrect');

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Too many attempts, try again in 42 s'));
  });

  it('puts server field errors under the matching field', async () => {
    const fetch = fakeFetch({
      ...signedOut,
      'POST /auth/sign-in': () =>
        problem('validation_failed', 'Email must be a valid email address', {
          errors: [{ path: 'email', message: 'Email is not allowed here' }],
        }),
    });
    const { user } = renderApp('/login', fetch);
    await user.type(await screen.findByLabelText('Email'), 'owner@demo.test');
    await user.type(screen.getByLabelText('Password'), 'fieldplan-demo');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(describedBy(email)).toBe('Email is not allowed here'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('signs in and goes to `next`', async () => {
    let signedIn = false;
    const routes = workspaceRoutes('owner');
    const fetch = fakeFetch({
      ...routes,
      'GET /me': () => (signedIn ? Response.json(meAs('owner')) : problem('unauthenticated', 'Please sign in')),
      'POST /auth/sign-in': () => {
        signedIn = true;
        return Response.json(meAs('owner'));
      },
    });
    const { user, router } = renderApp('/login?next=%2Fw%2Fdemo%2Fteam', fetch);
    expect(await screen.findByText(/Your session ended/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'owner@demo.test');
    await user.type(screen.getByLabelText('Password'), 'fieldplan-demo');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/w/demo/team'));
    expect(fetch.callsTo('POST /auth/sign-in')[0]?.body).toEqual({
      email: 'owner@demo.test',
      password: 'fieldplan-demo',
    });
    expect(await screen.findByRole('heading', { name: 'Team', level: 1 })).toBeInTheDocument();
  });

  it('tells the owner once that someone tried to sign up with their email', async () => {
    let signedIn = false;
    const fetch = fakeFetch({
      ...workspaceRoutes('owner'),
      'GET /me': () => (signedIn ? Response.json(meAs('owner')) : problem('unauthenticated', 'Please sign in')),
      'POST /auth/sign-in': () => {
        signedIn = true;
        return Response.json({
          ...meAs('owner'),
          notices: [{ kind: 'sign-up-attempt', at: '2026-11-24T09:30:00.000Z' }],
        });
      },
    });
    const { user, router } = renderApp('/login', fetch);
    await user.type(await screen.findByLabelText('Email'), 'owner@demo.test');
    await user.type(screen.getByLabelText('Password'), 'fieldplan-demo');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/w/demo'));
    expect(await screen.findByText(/Someone tried to create a new account with your email/)).toBeInTheDocument();
  });

  it('ignores a `next` that leaves the app', async () => {
    const fetch = fakeFetch({
      ...workspaceRoutes('owner'),
      'POST /auth/sign-in': meAs('owner'),
      'GET /me': () => problem('unauthenticated', 'Please sign in'),
    });
    const { user, router } = renderApp('/login?next=%2F%2Fevil.example', fetch);
    await user.type(await screen.findByLabelText('Email'), 'owner@demo.test');
    await user.type(screen.getByLabelText('Password'), 'fieldplan-demo');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/w/demo'));
  });

  it('lands a technician on my day, and still honours `next`', async () => {
    const signInAs = (path: string) => {
      let signedIn = false;
      const fetch = fakeFetch({
        ...workspaceRoutes('technician'),
        [`GET /workspaces/${workspaceId}/my-day`]: { date: '2026-03-02', timeZone: 'UTC', homeBase: null, visits: [] },
        'GET /me': () => (signedIn ? Response.json(meAs('technician')) : problem('unauthenticated', 'Please sign in')),
        'POST /auth/sign-in': () => {
          signedIn = true;
          return Response.json(meAs('technician'));
        },
      });
      return renderApp(path, fetch);
    };
    const signIn = async ({ user }: ReturnType<typeof signInAs>) => {
      await user.type(await screen.findByLabelText('Email'), 'tech1@demo.test');
      await user.type(screen.getByLabelText('Password'), 'fieldplan-demo');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
    };
    const plain = signInAs('/login');
    await signIn(plain);
    await waitFor(() => expect(plain.router.state.location.pathname).toBe('/w/demo/my-day'));
    plain.unmount();

    const back = signInAs('/login?next=%2Fw%2Fdemo%2Fteam');
    await signIn(back);
    await waitFor(() => expect(back.router.state.location.pathname).toBe('/w/demo/team'));
  });
});
