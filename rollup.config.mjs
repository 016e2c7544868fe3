// Builds dist/: one entry that registers every element (civic-elements.js), the autoloader (autoload.js), one
// entry per element that registers it (elements/<tag>.js), each element's class registering nothing
// (classes/<tag>.js, and all of them in define.js), shared chunks (React once per page), the default stylesheet
// and the notices of the libraries bundled (THIRD-PARTY-NOTICES.md).
// `civic-elements/core` (core.js, for servers that write the elements' markup) is built first, on its own: sharing
// chunks with the element entries split the browser code the pages load into more, smaller files for no gain.
// Then dist/lean/: the same entries, stylesheet and notices, with react and react-dom answered by Preact's
// React-compatible runtime (preact/compat), bundled privately like React: a page cannot tell which renderer runs
// inside, only that it downloads less. scripts/lean-build-files.mjs adds its manifest and types after tsc.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';
import replace from '@rollup/plugin-replace';
import esbuild from 'rollup-plugin-esbuild';
import { transform } from 'esbuild';
import { thirdPartyNotices } from './scripts/third-party-notices.mjs';

const elementFiles = readdirSync('elements').filter((file) => file.endsWith('.ts') && file !== 'index.ts');
const classFiles = readdirSync('elements/classes').filter((file) => file.endsWith('.ts') && file !== 'index.ts');

/**
 * The default stylesheet: the theme's custom properties first, then the date picker's base styles (flatpickr,
 * themed by the date field's own styles), then each component's styles.
 */
const stylesheetFiles = [
  'src/styles/theme.css',
  'node_modules/flatpickr/dist/flatpickr.css',
  ...readdirSync('src/components', { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `src/components/${entry.name}/styles.css`)
    .filter((file) => {
      try {
        readFileSync(file);
        return true;
      } catch {
        return false;
      }
    })
    .sort(),
];

function stylesheet(files) {
  return {
    name: 'civic-stylesheet',
    async generateBundle() {
      for (const file of files) this.addWatchFile(file);
      const source = files.map((file) => `/* ${file} */\n${readFileSync(file, 'utf8')}`).join('\n');
      // Nesting and other modern syntax are lowered for the browsers the kit supports.
      const { code } = await transform(source, { loader: 'css', minify: true, target: ['chrome109', 'firefox115', 'safari15.6'] });
      this.emitFile({ type: 'asset', fileName: 'civic-elements.css', source: code });
    },
  };
}

/**
 * qs needs only what WeakMap and Map give every browser the kit supports from its `side-channel` dependency; the
 * package's fallbacks and key descriptions cost about 11 KB gzipped. src/shims/side-channel.ts stands in for it.
 */
const SIDE_CHANNEL_SHIM = new URL('src/shims/side-channel.ts', import.meta.url).pathname;
function qsSideChannelShim() {
  return {
    name: 'qs-side-channel-shim',
    resolveId: (source, importer) => (source === 'side-channel' && importer?.includes('/node_modules/qs/') ? SIDE_CHANNEL_SHIM : null),
  };
}

/** Starts every build from an empty dist/, so no chunk of an earlier build is served or measured. */
function cleanDist() {
  return {
    name: 'clean-dist',
    buildStart() {
      rmSync('dist', { recursive: true, force: true });
    },
  };
}

/**
 * The lean build answers every import of React with Preact's React-compatible runtime. Only the specifiers the kit
 * and r2wc import are listed: an unlisted one fails the build instead of bundling React beside Preact.
 */
const PREACT_FOR_REACT = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};
function preactForReact() {
  return {
    name: 'preact-for-react',
    async resolveId(source, importer, options) {
      if (source in PREACT_FOR_REACT) return this.resolve(PREACT_FOR_REACT[source], importer, { ...options, skipSelf: true });
      if (/^(react|react-dom|scheduler)(\/|$)/.test(source)) {
        this.error(`The lean build has no Preact stand-in for '${source}' (imported by ${importer}): add one to PREACT_FOR_REACT.`);
      }
      return null;
    },
  };
}


/** Files of npm packages the core build bundled: the main build's notices list them too (the core has none of its own). */
const coreBundledFiles = [];
function recordBundledFiles(files) {
  return {
    name: 'record-bundled-files',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const [id, module] of Object.entries(output.modules)) {
          if (module.renderedLength > 0 && id.includes('/node_modules/')) files.push(id.replace(/^\0/, '').replace(/\?.*$/, ''));
        }
      }
    },
  };
}

const commonPlugins = () => [
  qsSideChannelShim(),
  replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
  nodeResolve({ browser: true, extensions: ['.ts', '.tsx', '.mjs', '.js'] }),
  // The shim is an ES module with a default export; qs requires it as the function itself.
  commonjs({ requireReturnsDefault: (id) => (id === SIDE_CHANNEL_SHIM ? 'preferred' : false) }),
  esbuild({ target: 'es2022', minify: true, jsx: 'automatic', tsconfig: 'tsconfig.json' }),
];

/** `civic-elements/core`: the kit's rules for servers that write the elements' markup (Node or browser), one file. */
const coreBuild = {
  input: { core: 'src/core/for-servers.ts' },
  output: { dir: 'dist', format: 'es', entryFileNames: '[name].js', sourcemap: true },
  // It runs first, so it empties dist/ (dist/lean/ with it).
  plugins: [cleanDist(), ...commonPlugins(), recordBundledFiles(coreBundledFiles)],
};

/**
 * `civic-elements/testing`: helpers for a team's own web-test-runner suites (src/testing), one file of its own: the
 * search rules it runs (MiniSearch, stemmer) are bundled in; the test runner's key command and axe-core are the
 * team's own installs (peer dependencies), so one copy serves the page and the runner.
 */
const testingBundledFiles = [];
const testingBuild = {
  input: { testing: 'src/testing/index.ts' },
  output: { dir: 'dist', format: 'es', entryFileNames: '[name].js', sourcemap: true },
  external: (id) => id === '@web/test-runner-commands' || id === 'axe-core' || id.startsWith('axe-core/'),
  plugins: [...commonPlugins(), recordBundledFiles(testingBundledFiles)],
};

const entryInputs = {
  'civic-elements': 'elements/index.ts',
  autoload: 'src/autoload/index.ts',
  define: 'elements/classes/index.ts',
  ...Object.fromEntries(elementFiles.map((file) => [`elements/${file.slice(0, -3)}`, `elements/${file}`])),
  ...Object.fromEntries(classFiles.map((file) => [`classes/${file.slice(0, -3)}`, `elements/classes/${file}`])),
};

/** One build of the elements. `lean`: Preact stands in for React. */
function kitBuild({ dir, lean }) {
  return {
    input: entryInputs,
    output: {
      dir,
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
      sourcemap: true,
      // Shared chunks: the renderer (React or Preact, with r2wc), the kit's own element layer with the modules every
      // element uses, and the constants. Code only one element uses stays in that element's entry.
      manualChunks(id) {
        if (/node_modules\/(react|react-dom|scheduler|preact|@r2wc)\//.test(id)) return lean ? 'preact' : 'react';
        if (/\/src\/(web-component\/|core\/i18n\.ts$)/.test(id)) return 'kit';
        // The constants and the first-render signal are shared with the autoloader,
        // which must not wait for the element layer or the renderer.
        if (/\/src\/core\/(constants|rendered-signal)\.ts$/.test(id)) return 'constants';
        return undefined;
      },
    },
    preserveEntrySignatures: 'exports-only',
    plugins: [
      ...(lean ? [preactForReact()] : []),
      ...commonPlugins(),
      stylesheet(stylesheetFiles),
      // The main build's notices cover dist/core.js and dist/testing.js too (read when the notices are written: those
      // builds have run by then); the lean build's cover dist/lean/.
      thirdPartyNotices({ extraFiles: lean ? stylesheetFiles : () => [...stylesheetFiles, ...coreBundledFiles, ...testingBundledFiles] }),
    ],
  };
}

// Rollup builds the configurations of the array one after the other, in this order.
export default [coreBuild, testingBuild, kitBuild({ dir: 'dist', lean: false }), kitBuild({ dir: 'dist/lean', lean: true })];
