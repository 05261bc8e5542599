import { Outlet, ScrollRestoration } from 'react-router';
import { ToastProvider } from '../components/ToastProvider';

/** The root route: providers every screen needs, inside the router so they can link. */
export function AppRoot() {
  return (
    <ToastProvider>
      <Outlet />
      <ScrollRestoration />
    </ToastProvider>
  );
}
