import { Outlet, ScrollRestoration } from 'react-router';
import { ToastProvider } from '../components/ToastProvider';
import { ConflictPrompt } from '../features/errors/ConflictPrompt';
import { FailureToasts } from '../features/errors/FailureToasts';
import { OfflineBanner } from '../features/errors/OfflineBanner';
import '../features/errors/Errors.css';

/** The root route: providers every screen needs, inside the router so they can link. */
export function AppRoot() {
  return (
    <ToastProvider>
      <OfflineBanner />
      <Outlet />
      <FailureToasts />
      <ConflictPrompt />
      <ScrollRestoration />
    </ToastProvider>
  );
}
