import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../base/api';
import { useAppDispatch } from '../../base/hooks';
import { useSignOutMutation } from '../../entities/session/endpoints';
import { forgetShift } from '../locations';

/** Signs out, forgets everything cached for this user, and goes to the sign-in page. */
export function useSignOut(): () => Promise<void> {
  const [signOut] = useSignOutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(async () => {
    // Even if the call fails (already signed out, offline) the user asked to leave. The next person
    // on this phone doesn't inherit their location sharing.
    forgetShift();
    await signOut().catch(() => undefined);
    await navigate('/login', { replace: true });
    dispatch(api.util.resetApiState());
  }, [signOut, dispatch, navigate]);
}
