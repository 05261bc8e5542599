// Import boundaries that review alone kept missing (docs/ARCHITECTURE.md, "Layering rules").
// `npm run lint:deps` runs this in CI; scripts/dependency-rules.test.ts proves each rule fails on a
// deliberate violation.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'server-module-deep-import',
      comment:
        'A server module is a room with one door: another module reaches it only through its index.ts ' +
        '(docs/ARCHITECTURE.md, "Layering rules").',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'server-module-internals',
      comment:
        'Outside the modules (app.ts, realtime/, db/seed/, modules/live-entities.ts …) the server uses a module through its index.ts; ' +
        'only tests may reach inside the module they test.',
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: ['^apps/server/src/modules/[^/]+/', '\\.test\\.ts$'] },
      to: { path: '^apps/server/src/modules/[^/]+/', pathNot: '^apps/server/src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'server-db-knows-no-realtime',
      comment: 'Lower layers never call up: the database layer publishes nothing itself.',
      severity: 'error',
      from: { path: '^apps/server/src/db/' },
      to: { path: '^apps/server/src/realtime/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};
