import type { DataRouter } from 'react-router';
import { api } from '../base/api';
import { loginPath } from '../entities/session/login-path';
import type { AppStore } from './store';

/**
 * What happens when a signed-in call answers 401 (signed out elsewhere, deactivated): go to the
 * sign-in page with `next` set to where the user was, then forget the old session's cache.
 * Deferred one tick so the failing query settles first.
 */
export function sessionEndedHandler(getRouter: () => DataRouter | undefined, getStore: () => AppStore | undefined) {
  return () => {
    setTimeout(() => {
      const router = getRouter();
      if (!router) return;
      const { pathname, search } = router.state.location;
      if (pathname === '/login') return;
      void router.navigate(loginPath(pathname + search), { replace: true }).then(() => {
        getStore()?.dispatch(api.util.resetApiState());
      });
    }, 0);
  };
}
