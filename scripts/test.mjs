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

/**
 * A check that is one pass or one fail (build, typecheck, lint). With a `heading`, its output is held and printed
 * whole when it ends, so checks running side by side stay readable.
 */
async function check(command, args, heading) {
  const { code, output } = await run(command, args, { quiet: Boolean(heading) });
  if (heading) console.log(`\n--- ${heading} ---\n${output.trimEnd()}`);
  const failed = code === 0 ? 0 : 1;
  return { passed: 1 - failed, failed, skipped: 0, failures: failed ? [`${[command, ...args].join(' ')} exited with ${code}`] : [] };
}

/**
 * The failed tests of a TAP report, each as its path of names (file › describe › test). Node prints a test's
 * subtests before its own result line, indented one level deeper, so a result's children are the results just
 * before it that are deeper than it; only failed leaves are named (their parents fail because of them).
 */
function tapFailures(output) {
  const results = [];
  for (const line of output.split('\n')) {
    const match = /^( *)(not ok|ok) \d+ - (.*?)(?: # .*)?$/.exec(line);
    if (match) results.push({ depth: match[1].length, failed: match[2] === 'not ok', name: match[3], children: [] });
  }
  const roots = [];
  const pending = [];
  for (const result of results) {
    while (pending.length && pending.at(-1).depth > result.depth) result.children.unshift(pending.pop());
    pending.push(result);
  }
  roots.push(...pending);
  const failures = [];
  const walk = (result, path) => {
    const here = [...path, result.name];
    const failedChildren = result.children.filter((child) => child.failed);
    if (result.failed && failedChildren.length === 0) failures.push(here.join(' › '));
    for (const child of failedChildren) walk(child, here);
  };
  for (const root of roots) walk(root, []);
  return failures;
}

/**
 * node:test files under `dir`, run from TypeScript sources (the packages' `source` condition), counted from TAP.
 * Two files at a time: Node's default on two cores is one, and much of each file's time is its process starting
 * and its servers and child processes waiting on one another, which two share well.
 */
async function tapSuite(dir, heading, env = {}) {
  const files = filesUnder(dir, '.test.ts');
  const args = ['--conditions=source', '--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=tap', ...files];
  const { code, output } = await run('node', args, { capture: !heading, quiet: Boolean(heading), env });
  if (heading) console.log(`\n--- ${heading} ---\n${output.trimEnd()}`);
  const count = (name) => Number(output.match(new RegExp(`^# ${name} (\\d+)$`, 'm'))?.[1] ?? 0);
  const totals = { passed: count('pass'), failed: count('fail') + count('cancelled'), skipped: count('skipped') + count('todo') };
  totals.failures = tapFailures(output);
  if (code !== 0 && totals.failed === 0) {
    totals.failed = 1;
    totals.failures.push(`node --test ${dir} exited with ${code}`);
  }
  return totals;
}

/**
 * web-test-runner on one build's renderer (CIVIC_BUILD), counted by its totals reporter. Its output is held and
 * printed whole when it ends, so two builds running side by side stay readable.
 */
async function browserTests(build) {
  const { code, output } = await run('npx', ['web-test-runner'], { env: { CIVIC_BUILD: build }, quiet: true });
  console.log(`\n--- browser tests, ${build} build ---\n${output.trimEnd()}`);
  const totals = readJson(join(RESULTS, `browser-${build}.json`)) ?? { passed: 0, failed: 0, skipped: 0, failures: [] };
  if (code !== 0 && totals.failed === 0) {
    totals.failed = 1;
    totals.failures.push(`web-test-runner exited with ${code}`);
  }
  return totals;
}

/** Every test of Playwright's JSON report, with the project that ran it and its titles (file › describe › test). */
function e2eResults(report) {
  const tests = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) tests.push({ ...test, title: [...titles, spec.title].join(' › '), file: spec.file, line: spec.line });
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
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
    const named = (status) => ran.filter((test) => test.status === status).map((test) => `${test.title} (line ${test.line})`);
    // A build none of whose tests ran (its server did not start, say) failed, whatever the others did.
    const failures = ran.length === 0 ? [`no ${build} test ran`] : named('unexpected');
    // A test that passed only on a retry is a defect to fix, so it is named, though it counts as passed.
    const flaky = named('flaky');
    return { passed: count('expected', 'flaky'), failed: Math.max(count('unexpected'), ran.length === 0 ? 1 : 0), skipped: count('skipped'), failures, flaky };
  });
  if (code !== 0 && perBuild.every((totals) => totals.failed === 0)) {
    perBuild[0].failed = 1;
    perBuild[0].failures.push(`playwright exited with ${code}`);
  }
  return perBuild;
}

/**
 * The OpenSearch node the node tests share (test/cluster/shared-cluster.ts): started here so that its JVM starts once,
 * while the type check and lint run, rather than once per test file. It stops when its standard input closes.
 */
function holdSharedCluster() {
  const file = join(process.cwd(), RESULTS, 'shared-cluster.json');
  const child = spawn('node', ['--conditions=source', '--import', 'tsx', 'test/cluster/hold-shared-cluster.ts'], {
    stdio: ['pipe', 'inherit', 'inherit'],
    env: { ...process.env, CIVIC_SHARED_CLUSTER_FILE: file },
  });
  const exited = new Promise((resolve) => child.on('close', resolve));
  return { env: { CIVIC_SHARED_CLUSTER_FILE: file }, stop: () => (child.stdin.end(), exited) };
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
/** A suite's own time when it runs beside another (the step's time is the longer of the two). */
const timed = async (suite) => {
  const suiteStarted = Date.now();
  const totals = await suite;
  return { ...totals, seconds: Math.round((Date.now() - suiteStarted) / 1000) };
};

console.log(`Browser for the browser and e2e tests: ${ensureChromium()}`);
await step('build', () => check('npm', ['run', '--silent', 'build']));
// Type-checking and linting read the same files and each mostly waits on one core: side by side they take little
// more than the longer of the two.
const sharedCluster = holdSharedCluster();
await step(['typecheck (tsc --noEmit)', 'lint (eslint)'], () =>
  Promise.all([timed(check('npx', ['tsc', '--noEmit', '-p', '.'], 'typecheck')), timed(check('npx', ['eslint', '.'], 'lint'))]),
);
// The node tests beside the packed packages (installed into a scratch project and used from there; they need the
// build's dist/): the packed tests spend most of their time in npm and in started services waiting, which the
// node tests' own waiting shares well.
// The node tests start the command line from the build just made (CIVIC_TEST_BUILT, test/node/support/civic-search-cli.ts).
await step(['node tests', 'packed packages (installed outside the repository)'], () =>
  Promise.all([timed(tapSuite('test/node', 'node tests', { ...sharedCluster.env, CIVIC_TEST_BUILT: '1' })), timed(tapSuite('test/packaged', 'packed packages'))]),
);
await sharedCluster.stop();
// The two builds' browser suites run side by side: each opens one page at a time and mostly waits on it, so two
// share the machine's cores well (each has its own browser, so neither page is a throttled background tab).
await step(['browser tests (web-test-runner), React build', 'browser tests (web-test-runner), lean build'], () =>
  Promise.all([timed(browserTests('react')), timed(browserTests('lean'))]),
);
// One run for both builds: the two projects share the workers (the e2e time is for both).
await step(['e2e tests (playwright), React build', 'e2e tests (playwright), lean build'], () => e2eTests(['react', 'lean']));

const sum = (key) => suites.reduce((total, suite) => total + suite[key], 0);
console.log('\n=== summary ===');
for (const suite of suites) {
  console.log(`${suite.name}: ${suite.passed} passed, ${suite.failed} failed, ${suite.skipped} skipped (${suite.seconds} s)`);
  for (const failure of suite.failures ?? []) console.log(`  failed: ${failure}`);
  for (const retried of suite.flaky ?? []) console.log(`  passed only on a retry: ${retried}`);
}
console.log(`took ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`${sum('passed')} passed, ${sum('failed')} failed, ${sum('skipped')} skipped`);
process.exit(sum('failed') > 0 ? 1 : 0);
