// dependency-cruiser: the API's folders (its modules, jobs, infra, plugins) form no circle
// (issue 24). Files at the root of apps/api/src are left out: app.ts, server.ts and
// worker.ts compose every folder and config.ts, errors.ts and logger.ts are used by all,
// so each would close a circle through the root that says nothing about the folders
// (files.cjs still checks them, file by file). `pnpm run lint` fails on a circle.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular-folders',
      severity: 'error',
      scope: 'folder',
      comment:
        'Dos carpetas de la API se importan mutuamente: lo que ambas necesitan va a una tercera, más abajo.',
      from: { path: '^apps/api/src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: ['node_modules', '/dist/', 'apps/api/src/generated/', '^apps/api/src/[^/]+[.]ts$'],
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
