#!/usr/bin/env node
// `npm test`: every check a reviewer needs, in one command. Runs each suite even when an earlier one fails,
// then prints one closing line, `N passed, N failed, N skipped`, summing every suite, and exits non-zero on
// any failure. Suites: build, typecheck, lint, node tests, browser tests, e2e tests.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';

const RESULTS = '.test-results';
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });

function run(command, args, { capture = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: capture ? ['ignore', 'pipe', 'inherit'] : 'inherit', env: process.env });
    let output = '';
    if (capture) {
      child.stdout.on('data', (chunk) => {
        output += chunk;
        process.stdout.write(chunk);
      });
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

/** node:test files under `dir`, run from TypeScript sources (the packages' `source` condition), counted from TAP. */
async function tapSuite(dir) {
  const files = filesUnder(dir, '.test.ts');
  const { code, output } = await run('node', ['--conditions=source', '--import', 'tsx', '--test', '--test-reporter=tap', ...files], {
    capture: true,
  });
  const count = (name) => Number(output.match(new RegExp(`^# ${name} (\\d+)$`, 'm'))?.[1] ?? 0);
  const totals = { passed: count('pass'), failed: count('fail') + count('cancelled'), skipped: count('skipped') + count('todo') };
  if (code !== 0 && totals.failed === 0) totals.failed = 1;
  return totals;
}

async function browserTests() {
  const { code } = await run('npx', ['web-test-runner']);
  const totals = readJson(join(RESULTS, 'browser.json')) ?? { passed: 0, failed: 0, skipped: 0 };
  if (code !== 0 && totals.failed === 0) totals.failed = 1;
  return totals;
}

async function e2eTests() {
  const { code } = await run('npx', ['playwright', 'test', '-c', 'test/e2e']);
  const stats = readJson(join(RESULTS, 'e2e.json'))?.stats;
  const totals = stats
    ? { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped }
    : { passed: 0, failed: 0, skipped: 0 };
  if (code !== 0 && totals.failed === 0) totals.failed = 1;
  return totals;
}

const started = Date.now();
const suites = [];
const step = async (name, runSuite) => {
  console.log(`\n=== ${name} ===`);
  const totals = await runSuite();
  suites.push({ name, ...totals });
};

console.log(`Browser for the browser and e2e tests: ${ensureChromium()}`);
await step('build', () => check('npm', ['run', '--silent', 'build']));
await step('typecheck (tsc --noEmit)', () => check('npx', ['tsc', '--noEmit', '-p', '.']));
await step('lint (eslint)', () => check('npx', ['eslint', '.']));
await step('node tests', () => tapSuite('test/node'));
// The packed packages installed into a scratch project and used from there (needs the build's dist/).
await step('packed packages (installed outside the repository)', () => tapSuite('test/packaged'));
await step('browser tests (web-test-runner)', browserTests);
await step('e2e tests (playwright)', e2eTests);

const sum = (key) => suites.reduce((total, suite) => total + suite[key], 0);
console.log('\n=== summary ===');
for (const suite of suites) console.log(`${suite.name}: ${suite.passed} passed, ${suite.failed} failed, ${suite.skipped} skipped`);
console.log(`took ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`${sum('passed')} passed, ${sum('failed')} failed, ${sum('skipped')} skipped`);
process.exit(sum('failed') > 0 ? 1 : 0);
