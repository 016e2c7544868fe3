// Browser tests: @web/test-runner + Playwright in the system Chromium (CHROME_PATH, else /usr/bin/chromium).
import { mkdirSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { defaultReporter, summaryReporter } from '@web/test-runner';
import { createRequire } from 'node:module';
import { chromiumArgs, chromiumPath } from './scripts/chromium.mjs';

const require = createRequire(import.meta.url);

/**
 * React 19 (and qs) ship CommonJS only. Bundle them once as ESM (one shared copy, split into the entries
 * below) at server start and answer the bare imports with it.
 */
function reactAsEsm() {
  const entries = {
    react: 'react',
    'react-jsx-runtime': 'react/jsx-runtime',
    'react-dom': 'react-dom',
    'react-dom-client': 'react-dom/client',
    // qs is CommonJS too (the search URL state).
    qs: 'qs',
  };
  const served = new Map();
  return {
    name: 'react-as-esm',
    async serverStart() {
      // CommonJS has no static exports: name each module's exports in a small ESM facade.
      const facades = Object.fromEntries(
        Object.entries(entries).map(([out, spec]) => {
          const names = Object.keys(require(spec)).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default');
          return [out, `import m from '${spec}';\nexport const { ${names.join(', ')} } = m;\nexport default m;\n`];
        }),
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
        outdir: '/__react',
        define: { 'process.env.NODE_ENV': '"development"' },
        logLevel: 'silent',
      });
      for (const file of result.outputFiles) served.set(file.path, file.text);
    },
    resolveImport({ source }) {
      const entry = Object.entries(entries).find(([, spec]) => spec === source);
      return entry ? `/__react/${entry[0]}.js` : undefined;
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
      const totals = { passed: 0, failed: 0, skipped: 0 };
      const walk = (suite) => {
        for (const test of suite.tests) {
          if (test.skipped) totals.skipped += 1;
          else if (test.passed) totals.passed += 1;
          else totals.failed += 1;
        }
        for (const child of suite.suites) walk(child);
      };
      for (const session of sessions) {
        if (session.testResults) walk(session.testResults);
        // A file that failed to load has no results: count it as a failure, never as nothing.
        if (!session.passed && (!session.testResults || session.errors?.length)) totals.failed += session.testResults ? 0 : 1;
      }
      mkdirSync('.test-results', { recursive: true });
      writeFileSync('.test-results/browser.json', JSON.stringify(totals));
    },
  };
}

export default {
  files: ['test/browser/**/*.test.{ts,tsx}'],
  nodeResolve: { browser: true },
  // One test page at a time: a page in a background tab gets throttled frames and timers, which scroll and
  // animation tests would feel.
  concurrency: 1,
  testFramework: { config: { timeout: 5000 } },
  testsFinishTimeout: 180000,
  plugins: [
    reactAsEsm(),
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
