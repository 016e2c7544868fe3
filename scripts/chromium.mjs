// The browser every test uses: CHROME_PATH when set, else Debian's Chromium.
import { existsSync } from 'node:fs';

export function chromiumPath() {
  const path = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(`No Chromium at ${path}. Install Debian's chromium (apt-get install chromium) or set CHROME_PATH.`);
  }
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
