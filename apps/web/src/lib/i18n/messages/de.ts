import type { Messages } from '../catalogs';

// German: one file a part of the app (a feature, the shell, the components). A page fetches each
// part as it shows it (catalogs.ts); this is all of them at once, for tests and tools.
const parts = import.meta.glob<Messages>('./de/*.json', { eager: true, import: 'default' });

const german: Messages = Object.assign({}, ...Object.values(parts));
export default german;
