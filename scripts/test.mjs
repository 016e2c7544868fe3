#!/usr/bin/env node
// `npm test`: every check a reviewer needs, in one command. Runs each suite even when an earlier one fails,
// then prints one closing line, `N passed, N failed, N skipped`, summing every suite, and exits non-zero on
// any failure. Suites: build, typecheck, lint, node tests, browser tests, e2e tests. The browser and e2e tests run
// once per build of the kit (React, the default, and lean: Preact inside; see scripts/kit-builds.mjs), each counted
// on a line of its own.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';

const RESULTS = '.test-results';
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });

/** Runs a command; `capture` keeps its standard output (still shown), `quiet` keeps both outputs without showing them. */
function run(command, args, { capture = false, quiet = false, env = {} } = {}) {
  return new Promise((resolve) => {
    const stdio = quiet ? ['ignore', 'pipe', 'pipe'] : capture ? ['ignore', 'pipe', 'inherit'] : 'inherit';
    const child = spawn(command, args, { stdio, env: { ...process.env, ...env } });
    let output = '';
    if (capture || quiet) {
      const keep = (chunk) => {
        output += chunk;
        if (!quiet) process.stdout.write(chunk);
      };
      child.stdout.on('data', keep);
      child.stderr?.on('data', keep);
    }
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
    child.on('error', (error) => {
      console.error(error.message);
      resolve({ code: 1, output });
    });
  });
}

function filesUnder(dir, suffix) {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith(suffix))
    .map((file) => join(dir, file))
    .sort();
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** A check that is one pass or one fail (build, typecheck, lint). */
async function check(command, args) {
  const { code } = await run(command, args);
  return { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 };
}

/**
 * node:test files under `dir`, run from TypeScript sources (the packages' `source` condition), counted from TAP.
 * Two files at a time: Node's default on two cores is one, and much of each file's time is its process starting
 * and its servers and child processes waiting on one another, which two share well.
 */
async function tapSuite(dir) {
  const files = filesUnder(dir, '.test.ts');
  const args = ['--conditions=source', '--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=tap', ...files];
  const { code, output } = await run('node', args, { capture: true });
  const count = (name) => Number(output.match(new RegExp(`^# ${name} (\\d+)$`, 'm'))?.[1] ?? 0);
  const totals = { passed: count('pass'), failed: count('fail') + count('cancelled'), skipped: count('skipped') + count('todo') };
  if (code !== 0 && totals.failed === 0) totals.failed = 1;
  return totals;
}

/**
 * web-test-runner on one build's renderer (CIVIC_BUILD), counted by its totals reporter. Its output is held and
 * printed whole when it ends, so two builds running side by side stay readable.
 */
async function browserTests(build) {
  const { code, output } = await run('npx', ['web-test-runner'], { env: { CIVIC_BUILD: build }, quiet: true });
  console.log(`\n--- browser tests, ${build} build ---\n${output.trimEnd()}`);
  const totals = readJson(join(RESULTS, `browser-${build}.json`)) ?? { passed: 0, failed: 0, skipped: 0 };
  if (code !== 0 && totals.failed === 0) totals.failed = 1;
  return totals;
}

/** Every test of Playwright's JSON report, with the project that ran it. */
function e2eResults(report) {
  const tests = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) tests.push(...spec.tests);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return tests;
}

/**
 * One Playwright run for both builds (a project each, on servers of their own, sharing the two workers), counted
 * per project: `expected` and `flaky` pass, `unexpected` fails.
 */
async function e2eTests(builds) {
  const { code } = await run('npx', ['playwright', 'test', '-c', 'test/e2e']);
  const tests = e2eResults(readJson(join(RESULTS, 'e2e.json')));
  const perBuild = builds.map((build) => {
    const ran = tests.filter((test) => test.projectName === build);
    const count = (...statuses) => ran.filter((test) => statuses.includes(test.status)).length;
    // A build none of whose tests ran (its server did not start, say) failed, whatever the others did.
    return { passed: count('expected', 'flaky'), failed: Math.max(count('unexpected'), ran.length === 0 ? 1 : 0), skipped: count('skipped') };
  });
  if (code !== 0 && perBuild.every((totals) => totals.failed === 0)) perBuild[0].failed = 1;
  return perBuild;
}

const started = Date.now();
const suites = [];
/** Runs a suite under its heading; `runSuite` gives its totals, or one totals per name when `names` has several. */
const step = async (names, runSuite) => {
  const list = [names].flat();
  console.log(`\n=== ${list.join('; ')} ===`);
  const suiteStarted = Date.now();
  const totals = [await runSuite()].flat();
  const seconds = Math.round((Date.now() - suiteStarted) / 1000);
  list.forEach((name, index) => suites.push({ name, seconds, ...totals[index] }));
};

console.log(`Browser for the browser and e2e tests: ${ensureChromium()}`);
await step('build', () => check('npm', ['run', '--silent', 'build']));
await step('typecheck (tsc --noEmit)', () => check('npx', ['tsc', '--noEmit', '-p', '.']));
await step('lint (eslint)', () => check('npx', ['eslint', '.']));
await step('node tests', () => tapSuite('test/node'));
// The packed packages installed into a scratch project and used from there (needs the build's dist/).
await step('packed packages (installed outside the repository)', () => tapSuite('test/packaged'));
// The two builds' browser suites run side by side: each opens one page at a time and mostly waits on it, so two
// share the machine's cores well (each has its own browser, so neither page is a throttled background tab).
await step(['browser tests (web-test-runner), React build', 'browser tests (web-test-runner), lean build'], () =>
  Promise.all([browserTests('react'), browserTests('lean')]),
);
// One run for both builds: the two projects share the workers (the e2e time is for both).
await step(['e2e tests (playwright), React build', 'e2e tests (playwright), lean build'], () => e2eTests(['react', 'lean']));

const sum = (key) => suites.reduce((total, suite) => total + suite[key], 0);
console.log('\n=== summary ===');
for (const suite of suites) {
  console.log(`${suite.name}: ${suite.passed} passed, ${suite.failed} failed, ${suite.skipped} skipped (${suite.seconds} s)`);
}
console.log(`took ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`${sum('passed')} passed, ${sum('failed')} failed, ${sum('skipped')} skipped`);
process.exit(sum('failed') > 0 ? 1 : 0);
