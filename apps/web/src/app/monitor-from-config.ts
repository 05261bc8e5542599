import { authApi } from '../entities/session/endpoints';
import { startMonitoring } from '../monitoring';

type ConfigThunk = ReturnType<typeof authApi.endpoints.getConfig.initiate>;

/**
 * Error reporting starts once the server says where to (a DSN configured); otherwise — or when the
 * config can't be read — it never loads. For every entry of the web app (the app, the tracking page).
 */
export function monitorFromConfig(
  dispatch: (thunk: ConfigThunk) => { unwrap: () => Promise<{ monitoring: Parameters<typeof startMonitoring>[0] }> },
  routePattern: () => string,
): void {
  void dispatch(authApi.endpoints.getConfig.initiate())
    .unwrap()
    .then((config) => startMonitoring(config.monitoring, routePattern))
    .catch(() => startMonitoring(null, routePattern));
}
