import type { Page } from '@playwright/test';

/**
 * Collects a page's uncaught exceptions and unhandled promise rejections (not console noise: a browser logs every
 * failed request, which fault tests cause on purpose). Call before the page's first navigation.
 */
export async function collectPageErrors(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  await page.exposeFunction('reportUnhandledRejection', (reason: string) => errors.push(`unhandled rejection: ${reason}`));
  await page.addInitScript(() => {
    window.addEventListener('unhandledrejection', (event) => {
      (window as unknown as { reportUnhandledRejection(reason: string): void }).reportUnhandledRejection(String(event.reason));
    });
  });
  return errors;
}

/** Collects a page's uncaught exceptions and every console error: for flows where nothing should go wrong. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}
