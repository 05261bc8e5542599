import type { Messages } from '../catalogs';

// German is one file a part of the app (a feature, the shell, the components), each fetched as the
// page shows it (catalogs.ts). This is the frame: the parts every screen of the app shows (the list
// `frameParts` in catalogs.ts), merged into one chunk. Read as text (`?raw`): copies of their own, so
// the parts' own chunks (a booking page fetches `components` alone) stay as they are.
const parts = import.meta.glob<string>(
  './de/{app,components,connection,entities,errors,export,lib,locations,presence,search,shell,workspace}.json',
  { eager: true, import: 'default', query: '?raw' },
);

const frame: Messages = Object.assign({}, ...Object.values(parts).map((text) => JSON.parse(text) as Messages));
export default frame;
