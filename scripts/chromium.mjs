// The browser every test uses: CHROME_PATH when set, else the system's Chromium (or one Playwright downloaded).
// `npm test` installs one first when the machine has none (scripts/ensure-chromium.mjs).
import { findChromium } from './ensure-chromium.mjs';

export function chromiumPath() {
  const path = findChromium();
  if (!path) throw new Error("No Chromium found. Run npm test (it installs one), install Debian's chromium, or set CHROME_PATH.");
  return path;
}

/** Flags that work as root, headless, on a closed network. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
