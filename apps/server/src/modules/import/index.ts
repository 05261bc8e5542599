/** Import of customers from CSV or Excel: the routes, their background runner, and the live `import` entity. */
export { ChunkGate } from './chunk-gate.js';
export { recognisedHeaders } from './headers.js';
export { importLive } from './live.js';
export { type ImportOptions, importRoutes } from './routes.js';
export type { ImportRunner } from './runner.js';
