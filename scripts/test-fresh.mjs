#!/usr/bin/env node
// `npm run test:fresh`: the first run of a newcomer, on this machine. Clones the current commit (HEAD: uncommitted
// changes are not in it) into a temporary folder, runs `npm ci && npm test` there with empty caches (npm's, and the
// user cache where fontconfig and Chromium keep theirs), prints the time of the install and of each suite and the
// closing counts line, and removes the folder. Exits as `npm test` did.
// `--keep` leaves the folder for a look after a failure; `--npm-cache` reuses npm's own cache (an install with
// nothing to download, to time the rest).
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const keep = process.argv.includes('--keep');
const reuseNpmCache = process.argv.includes('--npm-cache');

const repository = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const commit = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
const folder = mkdtempSync(join(tmpdir(), 'civic-elements-fresh-'));
const checkout = join(folder, 'civic-elements');
const caches = join(folder, 'caches');
mkdirSync(caches);

const env = {
  ...process.env,
  XDG_CACHE_HOME: join(caches, 'user'),
  ...(reuseNpmCache ? {} : { npm_config_cache: join(caches, 'npm') }),
};
// Settings of this shell that a newcomer does not have would make the run another one than theirs.
for (const name of Object.keys(env)) {
  if (name.startsWith('npm_') && name !== 'npm_config_cache') delete env[name];
}

const load = () => loadavg().map((value) => value.toFixed(1)).join(' ');
const seconds = (since) => Math.round((Date.now() - since) / 1000);

/** Runs a command in the checkout, showing its output, and keeps that output to read the summary from. */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: checkout, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => {
        output += chunk;
        (stream === child.stdout ? process.stdout : process.stderr).write(chunk);
      });
    }
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
    child.on('error', (error) => resolve({ code: 1, output: String(error) }));
  });
}

let exitCode = 1;
const report = [];
try {
  console.log(`Fresh run of ${commit.slice(0, 12)} in ${checkout} (load ${load()})`);
  execFileSync('git', ['clone', '--quiet', '--no-checkout', repository, checkout], { stdio: 'inherit' });
  execFileSync('git', ['checkout', '--quiet', '--detach', commit], { cwd: checkout, stdio: 'inherit' });

  const installStarted = Date.now();
  const install = await run('npm', ['ci', '--no-audit', '--no-fund']);
  report.push(`install (npm ci${reuseNpmCache ? ', npm cache reused' : ', empty npm cache'}): ${install.code === 0 ? 'ok' : `failed (exit ${install.code})`} (${seconds(installStarted)} s, load ${load()})`);
  if (/EBADENGINE/.test(install.output)) report.push('install warned EBADENGINE: a dependency asks for another Node than this one');

  if (install.code === 0) {
    const testStarted = Date.now();
    const test = await run('npm', ['test']);
    exitCode = test.code;
    // npm test ends with one line per suite under "=== summary ===", then "took N s" and the counts line.
    const summary = test.output.split('\n=== summary ===\n')[1]?.trim().split('\n') ?? ['(npm test printed no summary)'];
    report.push(...summary.slice(0, -2), `npm test: ${seconds(testStarted)} s, load ${load()}`);
    report.push(`install and npm test: ${seconds(installStarted)} s`, summary.at(-1));
  }
} finally {
  console.log(`\n=== fresh run of ${commit.slice(0, 12)} ===`);
  for (const line of report) console.log(line);
  if (keep) console.log(`kept: ${checkout}`);
  else rmSync(folder, { recursive: true, force: true });
}
process.exit(exitCode);
