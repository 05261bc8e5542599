// Import boundaries that review alone kept missing (docs/ARCHITECTURE.md, "Layering rules"; ADR 41).
// `npm run lint:deps` runs this in CI; apps/server/test/dependency-rules.test.ts (and, for the web's
// rules, apps/web/src/layer-rules.test.ts) proves each rule fails on a deliberate violation.
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
    // The server's import graph is acyclic: its order, lowest first, is in docs/ARCHITECTURE.md.
    {
      name: 'no-circular',
      comment:
        'The server\'s files import one way (docs/ARCHITECTURE.md, "Layering rules"): a lower module tells a higher ' +
        'one through a hook app.ts hands it, and a helper both need moves down (lib/, http/, errors/). ' +
        'Type-only imports count too: a type that two files need of each other moves down as well.',
      severity: 'error',
      from: { path: '^apps/server/src/' },
      to: { circular: true },
    },
    {
      name: 'server-db-knows-no-http',
      comment: 'The database layer sits below HTTP: the errors both use live in errors/.',
      severity: 'error',
      from: { path: '^apps/server/src/db/' },
      to: { path: '^apps/server/src/http/' },
    },
    {
      name: 'server-lib-stands-alone',
      comment:
        'lib/ and errors/ are the bottom of the server (docs/ARCHITECTURE.md): they import nothing of it but each other; ' +
        'a helper that reads the database belongs in db/.',
      severity: 'error',
      from: { path: '^apps/server/src/(lib|errors)/' },
      to: { path: '^apps/server/src/', pathNot: '^apps/server/src/(lib|errors)/' },
    },
    {
      name: 'server-http-knows-no-monitoring',
      comment:
        'Error reporting builds on HTTP (its tunnel is a route, its reports take http/request-context.ts); ' +
        'http/ reports a failed request through the interface it defines.',
      severity: 'error',
      from: { path: '^apps/server/src/http/' },
      to: { path: '^apps/server/src/monitoring/' },
    },
    // The web's import graph is acyclic too: its layers, top first, are in docs/adr/0022-web-layers.md.
    {
      name: 'web-no-circular',
      comment:
        "The web's files import one way (docs/adr/0022-web-layers.md): app/ builds the store and lists the live " +
        "registrations, so the layers below take the store's types from base/ (root-state.ts, store-types.ts); " +
        'what two features share moves down to entities/, components/ or lib/. Type-only imports count too.',
      severity: 'error',
      from: { path: '^apps/web/src/' },
      to: { circular: true },
    },
    {
      name: 'web-feature-internals',
      comment:
        'A web feature uses another feature only through its index.ts (docs/ARCHITECTURE.md, "Layering rules"); ' +
        'what several features need belongs a layer down (entities/, components/, lib/).',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/', pathNot: '\\.test\\.tsx?$' },
      to: {
        path: '^apps/web/src/features/[^/]+/',
        // A screen may load another area's stylesheet: CSS is global and its order is the cascade's.
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.ts$', '\\.css$'],
      },
    },
    {
      name: 'web-lower-layers-know-no-features',
      comment: 'Web layers: app → features → realtime → entities → base. Below features nothing imports a feature.',
      severity: 'error',
      from: { path: '^apps/web/src/(realtime|entities|base|components|lib|monitoring)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'web-lower-layers-know-no-app',
      comment:
        'app/ is the composition root (routes, the store, the live registry list); nothing below imports it, ' +
        "not even for types: the store's types live in base/store-types.ts.",
      severity: 'error',
      from: {
        path: '^apps/web/src/(features|realtime|entities|base|components|lib|monitoring)/',
        pathNot: '\\.test\\.tsx?$',
      },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-entities-below-realtime',
      comment: 'Entities and base register with realtime through base/live-registry.ts; they never import realtime/.',
      severity: 'error',
      from: { path: '^apps/web/src/(entities|base|components|lib)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^apps/web/src/realtime/' },
    },
    {
      name: 'web-base-is-the-bottom',
      comment: 'base/ (the RTK Query api, hooks, failures) builds on components/ and lib/ only.',
      severity: 'error',
      from: { path: '^apps/web/src/base/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^apps/web/src/entities/' },
    },
    {
      name: 'web-components-and-lib-stand-alone',
      comment: 'components/ and lib/ know no data layer: they take what they show as props and arguments.',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^apps/web/src/(base|realtime|entities)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};
