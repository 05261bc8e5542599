import type { api } from './api';
import type { failuresSlice } from './failures-slice';

/**
 * The store's state, as every layer names it. base/ declares its own slices here; app/store.ts,
 * which builds the store from reducers of higher layers (realtime's, a feature's), declares theirs by
 * merging into this interface and checks its reducers against it — so no layer below app/ imports
 * the store for its type (docs/adr/0022-web-layers.md).
 */
export interface RootState {
  api: ReturnType<typeof api.reducer>;
  failures: ReturnType<typeof failuresSlice.reducer>;
}
