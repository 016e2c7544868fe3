// Builds dist/: one entry that registers every element (civic-elements.js), the autoloader (autoload.js), one
// entry per element (elements/<tag>.js), shared chunks (React once per page) and the default stylesheet.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';
import replace from '@rollup/plugin-replace';
import esbuild from 'rollup-plugin-esbuild';
import { transform } from 'esbuild';

const elementFiles = readdirSync('elements').filter((file) => file.endsWith('.ts') && file !== 'index.ts');

/**
 * The default stylesheet: the theme's custom properties first, then the date picker's base styles (flatpickr,
 * themed by the date field's own styles), then each component's styles.
 */
function stylesheet() {
  const files = [
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
 * qs (the search URL state) pulls in object-inspect, whose `./util.inspect` imports Node's `util`; its package.json
 * maps that file to nothing in browsers, a mapping the resolver does not apply to relative requires. Do it here, so
 * no `import "util"` reaches the browser.
 */
function browserEmptyUtil() {
  const EMPTY = '\0empty-util-inspect';
  return {
    name: 'browser-empty-util-inspect',
    resolveId: (source, importer) => (/^\.\/util\.inspect(\.js)?$/.test(source) && importer?.includes('/object-inspect/') ? EMPTY : null),
    load: (id) => (id === EMPTY ? 'export default {};' : null),
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

export default {
  input: {
    'civic-elements': 'elements/index.ts',
    autoload: 'src/autoload/index.ts',
    ...Object.fromEntries(elementFiles.map((file) => [`elements/${file.slice(0, -3)}`, `elements/${file}`])),
  },
  output: {
    dir: 'dist',
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    sourcemap: true,
    // Two shared chunks: React (with r2wc), and the kit's own element layer with the modules every element
    // uses. Code only one element uses stays in that element's entry.
    manualChunks(id) {
      if (/node_modules\/(react|react-dom|scheduler|@r2wc)\//.test(id)) return 'react';
      if (/\/src\/(web-component\/|core\/(constants|i18n)\.ts$)/.test(id)) return 'kit';
      return undefined;
    },
  },
  preserveEntrySignatures: 'exports-only',
  plugins: [
    cleanDist(),
    browserEmptyUtil(),
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    nodeResolve({ browser: true, extensions: ['.ts', '.tsx', '.mjs', '.js'] }),
    commonjs(),
    esbuild({ target: 'es2022', minify: true, jsx: 'automatic', tsconfig: 'tsconfig.json' }),
    stylesheet(),
  ],
};
