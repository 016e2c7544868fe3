// Browser tests: @web/test-runner + Playwright in the system Chromium (CHROME_PATH, else /usr/bin/chromium).
// CIVIC_BUILD=lean runs them on Preact's React-compatible runtime, as the lean build (dist/lean/) ships the kit:
// every import of react and react-dom is answered by preact/compat. The default is React.
import { mkdirSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { defaultReporter, summaryReporter } from '@web/test-runner';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { relative } from 'node:path';
import { chromiumArgs, chromiumPath } from './scripts/chromium.mjs';
import { kitBuildFrom } from './scripts/kit-builds.mjs';

const require = createRequire(import.meta.url);

const kitBuild = kitBuildFrom(process.env.CIVIC_BUILD);

/**
 * The bare imports the kit, r2wc and the tests make of React (and of qs), each with the module that answers it.
 * The lean build answers React's with Preact's React-compatible modules, as rollup.config.mjs does.
 */
const RENDERER_MODULES = {
  react: { react: 'react', lean: 'preact/compat' },
  'react/jsx-runtime': { react: 'react/jsx-runtime', lean: 'preact/compat/jsx-runtime' },
  'react-dom': { react: 'react-dom', lean: 'preact/compat' },
  'react-dom/client': { react: 'react-dom/client', lean: 'preact/compat/client' },
  // qs is CommonJS too (the search URL state), whichever renderer runs.
  qs: { react: 'qs', lean: 'qs' },
};
// On the lean build, a test that imports Preact itself gets the same copy the elements run on.
const LEAN_ONLY_MODULES = { preact: 'preact' };

/**
 * React 19 (and qs) ship CommonJS only. Bundle them once as ESM (one shared copy, split into the entries
 * below) at server start and answer the bare imports with it. On the lean build the same bare imports get Preact's
 * modules (ES modules already), bundled the same way so every element shares one Preact.
 */
function rendererAsEsm() {
  const entries = Object.fromEntries([
    ...Object.entries(RENDERER_MODULES).map(([specifier, modules]) => [specifier.replace(/\//g, '-'), { specifier, module: modules[kitBuild] }]),
    ...(kitBuild === 'lean' ? Object.entries(LEAN_ONLY_MODULES).map(([specifier, module]) => [specifier, { specifier, module }]) : []),
  ]);
  const served = new Map();
  return {
    name: 'renderer-as-esm',
    async serverStart() {
      // CommonJS has no static exports: name each module's exports in a small ESM facade. Preact's modules are
      // ES modules and pass their own exports through.
      const facades = Object.fromEntries(
        await Promise.all(
          Object.entries(entries).map(async ([out, { module }]) => {
            if (module === 'preact' || module.startsWith('preact/')) {
              const hasDefault = 'default' in (await import(module));
              return [out, `export * from '${module}';\n${hasDefault ? `export { default } from '${module}';\n` : ''}`];
            }
            const names = Object.keys(require(module)).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default');
            return [out, `import m from '${module}';\nexport const { ${names.join(', ')} } = m;\nexport default m;\n`];
          }),
        ),
      );
      const result = await build({
        entryPoints: Object.keys(facades).map((out) => ({ in: `facade:${out}`, out })),
        plugins: [
          {
            name: 'facades',
            setup(b) {
              b.onResolve({ filter: /^facade:/ }, (args) => ({ path: args.path.slice(7), namespace: 'facade' }));
              b.onLoad({ filter: /.*/, namespace: 'facade' }, (args) => ({
                contents: facades[args.path],
                resolveDir: process.cwd(),
                loader: 'js',
              }));
            },
          },
        ],
        bundle: true,
        splitting: true,
        format: 'esm',
        write: false,
        outdir: '/__renderer',
        define: { 'process.env.NODE_ENV': '"development"' },
        logLevel: 'silent',
      });
      for (const file of result.outputFiles) served.set(file.path, file.text);
    },
    resolveImport({ source }) {
      const entry = Object.entries(entries).find(([, { specifier }]) => specifier === source);
      return entry ? `/__renderer/${entry[0]}.js` : undefined;
    },
    serve(context) {
      if (served.has(context.path)) return { body: served.get(context.path), type: 'js' };
      return undefined;
    },
  };
}

/** Writes the totals for scripts/test.mjs, which sums every suite into one closing line. */
function totalsReporter() {
  return {
    onTestRunFinished({ sessions }) {
      // `failures` names each failed test (file and titles), so the run's closing summary says what failed.
      const totals = { passed: 0, failed: 0, skipped: 0, failures: [] };
      const walk = (suite, file, titles) => {
        for (const test of suite.tests) {
          if (test.skipped) totals.skipped += 1;
          else if (test.passed) totals.passed += 1;
          else {
            totals.failed += 1;
            totals.failures.push(`${file} › ${[...titles, test.name].join(' › ')}`);
          }
        }
        for (const child of suite.suites) walk(child, file, [...titles, child.name]);
      };
      for (const session of sessions) {
        const file = relative(process.cwd(), session.testFile);
        if (session.testResults) walk(session.testResults, file, []);
        // A file that failed to load has no results: count it as a failure, never as nothing.
        if (!session.passed && !session.testResults) {
          totals.failed += 1;
          totals.failures.push(`${file} (did not load)`);
        }
      }
      mkdirSync('.test-results', { recursive: true });
      writeFileSync(`.test-results/browser-${kitBuild}.json`, JSON.stringify(totals));
    },
  };
}

/**
 * A port the system says is free. The runner's own choice scans up from 8000, so two runs started together (npm
 * test runs both builds side by side) could pick the same one; the system never hands one out twice at once.
 */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export default {
  port: await freePort(),
  files: ['test/browser/**/*.test.{ts,tsx}'],
  nodeResolve: { browser: true },
  // One test page at a time: a page in a background tab gets throttled frames and timers, which scroll and
  // animation tests would feel.
  concurrency: 1,
  testFramework: { config: { timeout: 5000 } },
  // The page names the build it runs (test/browser/renderer.test.ts checks the renderer matches it).
  testRunnerHtml: (testFramework) =>
    `<!doctype html><html><head><script>globalThis.CIVIC_BUILD = ${JSON.stringify(kitBuild)};</script></head>` +
    `<body><script type="module" src="${testFramework}"></script></body></html>`,
  testsFinishTimeout: 180000,
  plugins: [
    rendererAsEsm(),
    esbuildPlugin({
      ts: true,
      tsx: true,
      tsconfig: 'tsconfig.json',
      target: 'es2022',
      define: { 'process.env.NODE_ENV': '"development"' },
    }),
  ],
  browsers: [playwrightLauncher({ product: 'chromium', launchOptions: { executablePath: chromiumPath(), args: chromiumArgs } })],
  reporters: [defaultReporter(), summaryReporter({ flatten: false }), totalsReporter()],
};
