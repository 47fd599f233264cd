// The import rules `npm run lint` checks (dependency-cruiser; CONVENTIONS 18, decision 038). A module
// or feature is used through its front door (index.ts) from anywhere outside it (tests and the test
// support folders may reach inside); machinery in server/infra depends on no feature; shared/ depends
// on neither end; nothing imports in a cycle.
const front = (root) => `^${root}/[^/]+/index\\.tsx?$`;

module.exports = {
  forbidden: [
    {
      // A cycle of type imports only is erased by the compiler (`import type`): not a cycle here.
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules import each other in a cycle: move what both need to one place.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'server-module-front-door',
      severity: 'error',
      comment: "Another server module's inner file: import what it offers from its index.ts.",
      from: { path: '^server/modules/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^server/modules/[^/]+/', pathNot: ['^server/modules/$1/', front('server/modules')] },
    },
    {
      name: 'server-modules-from-outside',
      severity: 'error',
      comment: "A server module's inner file from outside the modules: import it from its index.ts.",
      from: { path: '^server/', pathNot: ['^server/modules/', '^server/test/', '\\.test\\.ts$'] },
      to: { path: '^server/modules/[^/]+/', pathNot: front('server/modules') },
    },
    {
      name: 'web-feature-front-door',
      severity: 'error',
      comment: "Another web feature's inner file: import what it offers from its index.ts.",
      from: { path: '^web/features/([^/]+)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^web/features/[^/]+/', pathNot: ['^web/features/$1/', front('web/features')] },
    },
    {
      name: 'web-features-from-outside',
      severity: 'error',
      comment: "A web feature's inner file from a screen or the app: import it from its index.ts.",
      from: { path: '^web/', pathNot: ['^web/features/', '^web/test/', '\\.test\\.tsx?$'] },
      to: { path: '^web/features/[^/]+/', pathNot: front('web/features') },
    },
    {
      name: 'server-metrics-front-door',
      severity: 'error',
      comment: 'server/metrics is reached through its front door (index.ts); parts report through its hooks.',
      from: { path: '^server/', pathNot: ['^server/metrics/', '\\.test\\.ts$'] },
      to: { path: '^server/metrics/', pathNot: '^server/metrics/index\\.ts$' },
    },
    {
      name: 'infra-depends-on-no-feature',
      severity: 'error',
      comment: 'server/infra is machinery many modules use: it may not depend on one of them.',
      from: { path: '^server/infra/' },
      to: { path: '^server/modules/' },
    },
    {
      name: 'shared-depends-on-neither-end',
      severity: 'error',
      comment: 'shared/ is read by the server and the web alike.',
      from: { path: '^shared/' },
      to: { path: '^(server|web)/' },
    },
    {
      name: 'web-is-not-the-server',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^server/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
