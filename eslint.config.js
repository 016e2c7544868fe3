import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'packages/*/dist/**', 'node_modules/**', '.test-results/**', 'test-results/**', 'playwright-report/**', '.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { property: 'innerHTML', message: 'Build DOM nodes or sanitise: nothing user-supplied reaches innerHTML.' },
      ],
      'react/no-danger': 'off',
    },
  },
  {
    // The kit runs on React and on Preact's React-compatible runtime (the lean build), so it uses only the React
    // APIs that behave the same on both, checked on both in the browser tests. Left out, with the reason:
    // - useId: Preact's ids are unique only within one root, and every element is its own root (useKitId is
    //   unique across the page);
    // - useTransition, useDeferredValue, startTransition: Preact renders everything at once, so the urgency they
    //   mark means nothing there; useInsertionEffect is a layout effect there; use, Suspense and lazy are partial;
    //   StrictMode is a plain Fragment there;
    // - react-dom/client and react-dom/server: mounting is the element layer's job (through r2wc), and nothing
    //   renders to a string in the browser; any other react-dom export is missing or different in Preact.
    // Kept: createPortal (a portal into a slot behaves the same), flushSync (Preact flushes the updates made inside
    // it at once, as React does), useSyncExternalStore (both subscribe after the commit and re-check the snapshot).
    files: ['src/**/*.{ts,tsx}', 'elements/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react',
              allowTypeImports: true,
              allowImportNames: [
                'createContext',
                'createElement',
                'Fragment',
                'memo',
                'useCallback',
                'useContext',
                'useEffect',
                'useImperativeHandle',
                'useLayoutEffect',
                'useMemo',
                'useReducer',
                'useRef',
                'useState',
                'useSyncExternalStore',
              ],
              message: 'Only React APIs that behave the same on Preact (the lean build): see eslint.config.js. Ids: useKitId.',
            },
            {
              name: 'react-dom',
              allowTypeImports: true,
              allowImportNames: ['createPortal', 'flushSync'],
              message: 'Only react-dom APIs that behave the same on Preact (the lean build): createPortal, flushSync.',
            },
          ],
          patterns: [
            {
              group: ['react-dom/*', 'react/*', 'preact', 'preact/*', 'scheduler'],
              allowTypeImports: true,
              message: "The kit imports only 'react' and 'react-dom' (the lean build swaps the renderer behind them); the element layer mounts.",
            },
          ],
        },
      ],
      // An effect runs after paint, on Preact a frame later: what a visitor can meet before then happens as the
      // render commits (useLayoutEffect), or an event in between is missed and a focus or title change comes late.
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='useEffect'] CallExpression[callee.property.name='addEventListener']",
          message: 'Add listeners in a layout effect and read state from refs (useLatest): an effect comes a frame late on Preact.',
        },
        {
          selector: "CallExpression[callee.name='useEffect'] CallExpression[callee.property.name='focus']",
          message: 'Move focus in a layout effect: an effect comes a frame late on Preact.',
        },
        {
          selector: "CallExpression[callee.name='useEffect'] AssignmentExpression[left.object.name='document'][left.property.name='title']",
          message: 'Change the page title in a layout effect: an effect comes a frame late on Preact.',
        },
      ],
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['react', 'react-dom', 'react-dom/*'], message: 'src/core is framework-free.' }] },
      ],
    },
  },
  {
    files: ['test/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Pages of the packed-package test: they run in the browser.
    files: ['test/packaged/fixtures/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // civic-search shares the kit's search rules through the kit's framework-free public entry, which its build
    // bundles in (a server installs no civic-elements and no React): never through paths into the kit's sources,
    // and never through the kit's element entries.
    files: ['packages/civic-search/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(src|elements|examples|test|bench|scripts)/',
              message: "civic-search takes what it shares with the kit from 'civic-elements/core', not from the kit's sources.",
            },
            {
              regex: '^civic-elements(/(?!core$).+)?$',
              message: "civic-search uses only the kit's framework-free entry, 'civic-elements/core' (its build bundles it in).",
            },
          ],
        },
      ],
    },
  },
  {
    // The example site is a consumer of both packages: only their public entries, never their sources.
    files: ['examples/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(src|elements|packages)/',
              message: "Import civic-elements or civic-search by their public entries ('civic-elements/core', 'civic-search', 'civic-search/search-page').",
            },
          ],
        },
      ],
    },
  },
);
