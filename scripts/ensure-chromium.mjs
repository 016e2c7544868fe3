// Finds a Chromium for the browser and e2e tests, and installs one when the machine has none, saying what it does.
// Order: CHROME_PATH; the system's Chromium or Chrome; one Playwright downloaded before. With none: Debian's
// chromium package when apt-get can be used (as root or with sudo), else Playwright's own download.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const SYSTEM_BROWSERS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

function playwrightBrowser() {
  const cache = process.env.PLAYWRIGHT_BROWSERS_PATH || join(homedir(), '.cache', 'ms-playwright');
  if (!existsSync(cache)) return undefined;
  for (const folder of readdirSync(cache).filter((name) => name.startsWith('chromium')).sort().reverse()) {
    for (const binary of ['chrome-linux64/chrome', 'chrome-linux/chrome', 'chrome-headless-shell-linux64/chrome-headless-shell']) {
      const path = join(cache, folder, binary);
      if (existsSync(path)) return path;
    }
  }
  return undefined;
}

export function findChromium() {
  if (process.env.CHROME_PATH) {
    if (!existsSync(process.env.CHROME_PATH)) throw new Error(`CHROME_PATH is ${process.env.CHROME_PATH}, which does not exist.`);
    return process.env.CHROME_PATH;
  }
  return SYSTEM_BROWSERS.find((path) => existsSync(path)) ?? playwrightBrowser();
}

const canRun = (command, args) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;

function installChromium() {
  const isRoot = process.getuid?.() === 0;
  const hasApt = canRun('apt-get', ['--version']);
  if (hasApt && (isRoot || canRun('sudo', ['-n', 'true']))) {
    const sudo = isRoot ? [] : ['sudo', '-n'];
    console.log("No Chromium found: installing Debian's chromium package (apt-get install chromium, about a minute)...");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const run = (args) => execFileSync(sudo[0] ?? args[0], sudo.length ? [...sudo.slice(1), ...args] : args.slice(1), { stdio: 'inherit', env });
    run(['apt-get', 'update', '-qq']);
    run(['apt-get', 'install', '-y', '-qq', 'chromium']);
  } else {
    console.log("No Chromium found: downloading Playwright's Chromium (npx playwright install chromium)...");
    execFileSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' });
  }
}

/** The browser's path, installing one first when there is none; also sets CHROME_PATH for the test runners. */
export function ensureChromium() {
  let path = findChromium();
  if (!path) {
    installChromium();
    path = findChromium();
    if (!path) throw new Error('Chromium could not be installed: install it (apt-get install chromium) or set CHROME_PATH.');
  }
  process.env.CHROME_PATH = path;
  return path;
}
