import type { Messages } from '../catalogs';

// German: one file a part of the app (a feature, the shell, the components), merged into one
// catalog and one chunk that only a German page fetches.
const parts = import.meta.glob<Messages>('./de/*.json', { eager: true, import: 'default' });

const german: Messages = Object.assign({}, ...Object.values(parts));
export default german;
