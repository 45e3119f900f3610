// The layering of src/, checked on every `npm run lint` (src/core/README.md explains it).
// The core's layers, bottom-up: a file may import its own layer and the ones below, never above.
const LAYERS = [
  'src/core/[^/]+\\.ts$', // events.ts, ranges.ts, quote.ts, grouped.ts: the vocabulary every layer shares
  'src/core/memory/',
  'src/core/structures/',
  'src/core/workloads/',
  'src/core/measure/',
  'src/core/experiments/',
  'src/core/scenario/',
  'src/core/replay/',
  'src/core/explain/',
];

const upward = LAYERS.slice(0, -1).map((layer, index) => ({
  name: `core-layer-${index}-not-upward`,
  comment: `${layer} may import only its own layer and the ones below it`,
  severity: 'error',
  from: { path: `^${layer}` },
  to: { path: `^(${LAYERS.slice(index + 1).join('|')})` },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'an import cycle makes a module impossible to understand or test alone',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-stays-pure',
      comment: 'src/core runs unchanged in the tests, the CLI, a worker and the page',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: '^src/(app|view|worker|cli)/' },
    },
    {
      name: 'core-no-node-no-dom-libraries',
      comment: 'the core imports no Node module and no D3 (only view modules draw)',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'only-views-import-d3',
      comment: 'D3 submodules belong to src/view',
      severity: 'error',
      from: { path: '^src/(core|app|worker|cli)/' },
      to: { path: 'node_modules/d3-' },
    },
    ...upward,
    {
      name: 'heap-and-pointer-structures-apart',
      comment: 'the heaps and the pointer structures share only the queue interface',
      severity: 'error',
      from: { path: '^src/core/structures/(heap|pointer)/' },
      to: { path: '^src/core/structures/(registry\\.ts|(heap|pointer)/)', pathNot: '$1' },
    },
    {
      name: 'views-do-not-import-the-app',
      severity: 'error',
      from: { path: '^src/view/' },
      to: { path: '^src/(app|worker|cli)/' },
    },
    {
      name: 'workers-do-not-import-the-page',
      severity: 'error',
      from: { path: '^src/worker/' },
      to: { path: '^src/(app|view|cli)/' },
    },
    {
      name: 'cli-does-not-import-the-page',
      severity: 'error',
      from: { path: '^src/cli/' },
      to: { path: '^src/(app|view|worker)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.generated\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
