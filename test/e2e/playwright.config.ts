import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';
import { KIT_BUILDS, type KitBuild } from '../../scripts/kit-builds.mjs';

/**
 * e2e tests drive the real example site, served by the real server, in the system Chromium: once per build of the
 * kit, each build on a server of its own (CIVIC_BUILD picks the build the server sends under /dist/).
 * - project `react`: the default build, every spec, on E2E_PORT (default 8181);
 * - project `lean`: dist/lean/ (Preact inside), the tests where the build can differ, on E2E_LEAN_PORT (default
 *   E2E_PORT + 1000, far from the ports people pick for E2E_PORT side by side).
 * E2E_BUILDS=react (or lean) starts and runs only that build; `--project` picks among the projects as usual.
 */
const port = Number(process.env.E2E_PORT ?? 8181);
const leanPort = Number(process.env.E2E_LEAN_PORT ?? port + 1000);

const builds = (process.env.E2E_BUILDS ?? 'react,lean')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
for (const name of builds) {
  if (!Object.hasOwn(KIT_BUILDS, name)) throw new Error(`E2E_BUILDS names no build of the kit: ${JSON.stringify(name)} (use react, lean or both).`);
}

/**
 * What the lean project leaves out, to keep `npm test` within its time: tests where the build cannot make a
 * difference, because no kit script runs or what they exercise holds no renderer code.
 * - Every test with JavaScript turned off (each says "without JavaScript" in its title, and no-javascript.spec.ts),
 *   and the accessibility checks of pages whose kit scripts fail to load: the page is the server's HTML and the
 *   stylesheet, the same bytes on both builds.
 * - console*.spec.ts: the search service's console is rendered by the service and loads nothing of the kit.
 * - search-url-fuzz.spec.ts and search-faults.spec.ts: addresses and backend faults exercise the server, the proxy
 *   and the search driver (src/core, framework-free); how the results element shows a failed search is run on the
 *   lean build by search-failure.spec.ts.
 * - accessibility.spec.ts: what a build can change is what its elements render, and every element's browser tests
 *   run axe on it, upgraded and in its states, once per build; the lean project's own specs run axe on the pages'
 *   open menus, pickers, steps and results. The page around the elements is the server's, the same on both builds.
 */
const LEAN_SKIPS_SPECS = ['no-javascript.spec.ts', 'search-url-fuzz.spec.ts', 'search-faults.spec.ts', 'console*.spec.ts', 'accessibility.spec.ts'];
const LEAN_SKIPS_TITLES = /without JavaScript|when the kit's scripts fail to load/;

interface BuildProject {
  build: KitBuild;
  port: number;
  testIgnore?: string[];
  grepInvert?: RegExp;
}

const projects: BuildProject[] = [
  { build: 'react', port },
  { build: 'lean', port: leanPort, testIgnore: LEAN_SKIPS_SPECS, grepInvert: LEAN_SKIPS_TITLES },
];
const chosen = projects.filter((project) => builds.includes(project.build));

type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, { command: string }>;
const webServer = chosen.map(
  ({ build, port: serverPort }): WebServer => ({
    command: 'node --conditions=source --import tsx examples/server.ts',
    cwd: '../..',
    url: `http://127.0.0.1:${serverPort}/`,
    env: {
      PORT: String(serverPort),
      CIVIC_BUILD: build,
      // Data folders of the server's own, by port: the search service locks its folder, so two servers (these two,
      // or someone's `npm start` beside them) must never share one.
      SEARCH_DATA_DIR: `.data/e2e-${serverPort}/search`,
      SITE_DATA_DIR: `.data/e2e-${serverPort}/site`,
    },
    reuseExistingServer: false,
    timeout: 30_000,
  }),
);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../../.test-results/e2e-artifacts',
  fullyParallel: true,
  // Two workers on two cores: measured beside other work (load 14 to 17), two ran the form, keyboard, jump-link and
  // Back to top specs in 92 s against one worker's 115 s, their slowest test taking 10 s (30 s is the limit).
  workers: 2,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: '../../.test-results/e2e.json' }]],
  use: {
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
    // No traces: 'retain-on-failure' records one for every test and keeps the failures', which made the form
    // tests take 1.6 times as long on a loaded 2-core machine (122 s against 75 s). A failure still leaves its
    // error and the page's accessibility snapshot in .test-results/e2e-artifacts; rerun it with `--trace on`.
    trace: 'off',
  },
  projects: chosen.map(({ build, port: serverPort, testIgnore, grepInvert }) => ({
    name: build,
    // The build is in the metadata too, for tests that start a site of their own (fault-site.ts).
    metadata: { kitBuild: build },
    testIgnore,
    grepInvert,
    use: { baseURL: `http://127.0.0.1:${serverPort}` },
  })),
  webServer,
});
