// Folder boundaries of src/, checked by `npm run lint`. Folders are layers, lowest first: a
// folder imports only from folders listed before it (and from its own), so folders cannot form a
// cycle, observers never reach the transport, and the client never pulls in the server.
const layers = [
  ['errors\\.ts', 'package-version\\.ts', 'maybe-promise\\.ts', 'types'],
  ['parsing'],
  ['config'],
  ['sessions'],
  ['contract'],
  ['interactions'],
  ['validation'],
  ['pact'],
  ['responders'],
  ['pipeline'],
  ['observe'],
  // The state in Redis (--store redis://...), behind the interfaces of responders/ and observe/.
  ['shared-state'],
  ['admin'],
  ['http'],
  ['cli', 'index\\.ts'],
  // In-process handlers (plant-store-mock/msw): the server's parts behind the client's interface.
  ['msw'],
];

// The test helpers users import beside the server, which must not load it: at run time they use
// each other, the parsing helpers and the errors; the server's folders only for their types.
const helpers = ['client', 'vitest', 'testcontainers'];

const folder = (names) => `^src/(${names.join('|')})(/|$)`;

const layerRules = layers.slice(0, -1).map((names, index) => ({
  name: `layer-${names.join('-').replace(/\\\\\./g, '.')}`,
  comment: `src/${names.join(', src/')} may import only from the folders listed before it in .dependency-cruiser.cjs`,
  severity: 'error',
  from: { path: folder(names) },
  to: { path: folder(layers.slice(index + 1).flat()) },
}));

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'inspector-page-alone',
      comment:
        'src/inspector/page runs in the browser: it imports only its own files (and types of the recorded interactions).',
      severity: 'error',
      from: { path: '^src/inspector/' },
      to: {
        path: '^src/',
        pathNot: ['^src/inspector/', folder(['interactions'])],
      },
    },
    {
      name: 'inspector-page-types-only',
      comment:
        "The page loads no module of the server: of the interactions, types only, and the HAR entry (plain JavaScript) that the admin API's export and the page's copy share.",
      severity: 'error',
      from: { path: '^src/inspector/' },
      to: {
        path: folder(['interactions']),
        pathNot: '^src/interactions/har-entry\\.ts$',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'helpers-without-the-server',
      comment:
        'src/client, src/vitest and src/testcontainers load no server code: only types from its folders, and describeTimes (plain JavaScript) that the server and the client share. The worker thread of the vitest global setup, which starts the server in the test runner, is the one exception.',
      severity: 'error',
      from: { path: folder(helpers), pathNot: '^src/vitest/mock-worker\\.ts$' },
      to: {
        path: '^src/',
        pathNot: [
          folder([...helpers, 'parsing', 'pact', 'errors\\.ts', 'package-version\\.ts']),
          // How a verification's expected count reads, as the server says it.
          '^src/interactions/times\\.ts$',
        ],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'pact-without-the-server',
      comment:
        'src/pact turns interactions into pact files for the admin API and the test helpers alike: at run time it loads only the parsing helpers.',
      severity: 'error',
      from: { path: folder(['pact']) },
      to: {
        path: '^src/',
        pathNot: folder(['pact', 'parsing', 'errors\\.ts']),
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'server-without-the-helpers',
      comment: 'The server does not import the test helpers.',
      severity: 'error',
      from: { path: '^src/', pathNot: folder([...helpers, 'msw']) },
      to: { path: folder(helpers) },
    },
    {
      name: 'no-circular',
      comment: 'No module imports itself through others.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'stoplight-in-contract-and-validation',
      comment: "Only src/contract and src/validation use Prism's packages.",
      severity: 'error',
      from: { path: '^src/', pathNot: folder(['contract', 'validation', 'types']) },
      to: { path: '@stoplight/' },
    },
    {
      name: 'prism-private-paths-in-one-adapter',
      comment:
        "A dependency's private dist/ paths are imported only by src/contract/prism-internals.ts, which names the version they were checked against, and its browser variant beside it.",
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/contract/prism-internals(-browser)?\\.ts$' },
      to: {
        path: 'node_modules/@stoplight/[^/]+/dist/',
        // The packages' own entry points.
        pathNot: 'node_modules/@stoplight/[^/]+/dist/(index|json-schema-sampler)\\.js$',
      },
    },
    {
      name: 'node-http-in-http',
      comment:
        "Only src/http touches node:http at run time (types are fine elsewhere; stub headers are checked with node:http's own header validators).",
      severity: 'error',
      from: {
        path: '^src/',
        pathNot: [folder(['http']), '^src/responders/stubs/check-stub-headers\\.ts$'],
      },
      to: { path: '^(node:)?https?$', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^dist/' },
  },
};
