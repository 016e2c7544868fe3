import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { collectErrors } from './page-errors';
import { upgradeRenderedElements } from './upgrade';

const TREE = '/decision-trees/building-consent';
const FORM = '/forms/report-a-problem';

/** Every kit element the page renders has upgraded. */
const upgradedPage = (page: Page) => upgradeRenderedElements(page);

/**
 * No axe violations on the page, or only inside `scope`. A state reached inside an element (a step answered in the
 * page) changes only that element, and accessibility.spec.ts checks every whole page on arrival; axe on the whole
 * page costs about twice as long, which on a loaded 2-core machine adds up to whole seconds per check.
 */
async function expectNoAxeViolations(page: Page, scope?: string) {
  const axe = new AxeBuilder({ page });
  if (scope) axe.include(scope);
  const results = await axe.analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Marks the document: a full page load loses the mark, an in-page step keeps it. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { civicMark: boolean }).civicMark = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { civicMark?: boolean }).civicMark === true);

test.describe('decision tree', () => {
  test('answers from the keyboard alone, step by step in the page, with the address, Back and restart following', async ({ page }) => {
    // A short window, so the page can scroll the outcome to the offset above the footer.
    await page.setViewportSize({ width: 1280, height: 500 });
    const errors = collectErrors(page);
    await page.goto(TREE);
    await upgradedPage(page);
    await markDocument(page);

    await page.getByRole('radio', { name: 'Building a shed, sleep-out or other small stand-alone building' }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'What will its floor area be?' })).toBeFocused();
    await expect(page).toHaveURL(`${TREE}?work-type=shed#step-shed-size`);

    // Tab goes on into the new step.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('radio', { name: '10 square metres or less' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('radio', { name: 'More than 10 and up to 30 square metres' })).toBeChecked();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: /kitset/ })).toBeFocused();
    await page.getByRole('radio', { name: 'No' }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'You need a building consent', exact: true })).toBeFocused();
    await expect(page).toHaveURL(`${TREE}?work-type=shed&shed-size=up-to-30&shed-builder=no#step-consent-needed`);
    // The 150 px offset: once the scroll animation ends, the outcome sits 150 px below the top of the window.
    await expect.poll(() => page.locator('#step-consent-needed').evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBe(150);

    await page.goBack();
    await expect(page.locator('#step-consent-needed')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /kitset/ })).toBeFocused();
    await expect(page).toHaveURL(`${TREE}?work-type=shed&shed-size=up-to-30#step-shed-builder`);
    await page.goForward();
    await expect(page.locator('#step-consent-needed')).toBeVisible();

    await page.getByRole('link', { name: 'Start again' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'What building work are you planning?' })).toBeFocused();
    await expect(page.locator('.decision-tree__step')).toHaveCount(1);
    await expect(page).toHaveURL(TREE);
    expect(await sameDocument(page), 'every step stayed in the page').toBe(true);
    expect(errors).toEqual([]);
  });

  test('has no axe violations mid-way and at an outcome, once answered in the page', async ({ page }) => {
    await page.goto('/decision-trees/rates-rebate');
    await upgradedPage(page);
    await page.getByRole('radio', { name: 'Yes' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Were you living there on 1 July 2026?' })).toBeFocused();
    await expectNoAxeViolations(page, 'decision-tree');
    await page.locator('#step-living-date').getByRole('radio', { name: 'Yes' }).check();
    await page.locator('#step-living-date').getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('radio', { name: 'Less than $30,000' }).check();
    await page.locator('#step-household-income').getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'You could get a rates rebate of up to $805' })).toBeFocused();
    await expectNoAxeViolations(page, 'decision-tree');
  });

  test("a failed step shows the server's words, sanitised, and can be tried again", async ({ page }) => {
    await page.goto(TREE);
    await upgradedPage(page);
    let fail = true;
    await page.route(`**${TREE}`, async (route) => {
      if (route.request().method() !== 'POST' || !fail) return route.fallback();
      fail = false;
      await route.fulfill({
        status: 503,
        contentType: 'text/html',
        body: '<h1>Down for maintenance</h1><script>window.ranScript = true</script><img src="/nowhere.png" onerror="window.ranScript = true"><p>Back by 6pm.</p>',
      });
    });
    await page.getByRole('radio', { name: 'Building a deck' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Sorry, there is a problem');
    await expect(page.locator('.decision-tree__failure-body')).toContainText('Back by 6pm.');
    expect(await page.evaluate(() => (window as unknown as { ranScript?: boolean }).ranScript)).toBeUndefined();
    await expect(page.getByRole('heading', { name: 'Sorry, there is a problem' })).toBeFocused();
    await expectNoAxeViolations(page, 'decision-tree');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'How high will the deck be at its highest point?' })).toBeFocused();
  });

  test('works without JavaScript: each answer posts and the next step comes as a page, answers kept', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(TREE);
    await page.getByRole('radio', { name: 'Building a deck' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(`${TREE}?work-type=deck#step-deck-height`);
    await expect(page.getByRole('radio', { name: 'Building a deck' })).toBeChecked();
    await page.getByRole('radio', { name: '1.5 metres or lower' }).check();
    await page.locator('#step-deck-height').getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'You probably do not need a building consent' })).toBeVisible();
    // Changing an earlier answer replaces what came after it.
    await page.getByRole('radio', { name: 'Installing a wood burner or other solid fuel heater' }).check();
    await page.locator('#step-work-type').getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'You need a building consent for a wood burner' })).toBeVisible();
    await expect(page.locator('#step-deck-height')).toHaveCount(0);
    await page.getByRole('link', { name: 'Start again' }).click();
    await expect(page).toHaveURL(TREE);
    await context.close();
  });
});

test.describe('multi-step form', () => {
  /** Fills the first steps from the keyboard and arrives at "Your details". */
  async function problemAndPlace(page: Page, street: string) {
    await page.getByRole('radio', { name: 'Pothole or damaged road surface' }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.type('A deep pothole in the left lane');
    await page.keyboard.press('Tab');
    // The earlier report's reference is masked: the literal text and the capitals are put in as it is typed.
    const reference = page.getByLabel('Reference of an earlier report (optional)');
    await expect(reference).toBeFocused();
    await page.keyboard.type('7k2m9qxd');
    await expect(reference).toHaveValue('HCC-7K2M-9QXD');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Next' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('group', { name: 'Where is it?' }).locator('legend').first()).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Street name')).toBeFocused();
    await page.keyboard.type(street);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('group', { name: 'Your details' }).locator('legend').first()).toBeFocused();
  }

  test('is completed from the keyboard alone, a step at a time, to the confirmation', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.dismiss();
    });
    await page.goto(FORM);
    await upgradedPage(page);
    await expect(page.getByRole('navigation', { name: 'Form steps' })).toContainText('Step 1');
    await expect(page.getByRole('button', { name: 'Send report' })).toBeHidden();
    await problemAndPlace(page, 'Wharf Street');
    await expect(page.getByRole('button', { name: /^Step 1/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Step 2/ })).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.type('Aroha Smith');
    await page.keyboard.press('Tab');
    await page.keyboard.type('aroha@example.nz');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Send report' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Report sent' })).toBeVisible();
    await expect(page.locator('strong')).toHaveText(/^HCC-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(dialogs, 'a sent form does not ask before leaving').toEqual([]);
  });

  test('shows the error summary, focused, with links to the fields, and no axe violations on it', async ({ page }) => {
    await page.goto(FORM);
    await upgradedPage(page);
    await page.getByRole('button', { name: 'Next' }).click();
    const summary = page.locator('.multi-step-form__summary');
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('heading', { name: 'There is a problem' })).toBeVisible();
    await expect(page).toHaveTitle(/^Error: /);
    await expectNoAxeViolations(page, 'multi-step-form');
    await summary.getByRole('link', { name: 'Enter a description of the problem' }).click();
    await expect(page.getByLabel('Describe the problem')).toBeFocused();
  });

  // One test per later state, each with one axe check: axe on every step in one test ran past the time limit on a
  // loaded 2-core machine.
  test.describe('no axe violations on the steps answered in the page', () => {
    /** Answers the first two steps (a streetlight on Kowhai Avenue) and arrives at the streetlight's own step. */
    async function toTheStreetlightStep(page: Page) {
      await page.goto(FORM);
      await upgradedPage(page);
      await page.getByRole('radio', { name: 'Streetlight not working' }).check();
      await page.getByLabel('Describe the problem').fill('The light outside number 4 is out');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByLabel('Street name').fill('Kowhai Avenue');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('group', { name: /About the streetlight/ })).toBeVisible();
    }

    test('the step the first answer added', async ({ page }) => {
      await toTheStreetlightStep(page);
      await expectNoAxeViolations(page, 'multi-step-form');
    });

    test('the last step, and its error summary', async ({ page }) => {
      await toTheStreetlightStep(page);
      await page.getByRole('radio', { name: 'It flickers' }).check();
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('button', { name: 'Send report' })).toBeVisible();
      await expectNoAxeViolations(page, 'multi-step-form');
      await page.getByRole('button', { name: 'Send report' }).click();
      const summary = page.locator('.multi-step-form__summary');
      await expect(summary).toBeFocused();
      await expect(summary.getByRole('link')).toHaveText(['Enter your full name', 'Enter your email address']);
      await expectNoAxeViolations(page, 'multi-step-form');
    });
  });

  test('a rejection by the server keeps every value and starts on the step to fix', async ({ page }) => {
    await page.goto(FORM);
    await upgradedPage(page);
    await problemAndPlace(page, 'Nowhere Boulevard');
    await page.getByLabel('Full name').fill('Aroha Smith');
    await page.getByLabel('Email address').fill('aroha@example.nz');
    await page.getByRole('button', { name: 'Send report' }).click();

    await upgradedPage(page);
    const summary = page.locator('[data-error-summary]');
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveText([
      'We cannot find Nowhere Boulevard in Harbourton. Enter a Harbourton street, like Wharf Street',
    ]);
    await expect(page.getByLabel('Street name')).toBeVisible();
    await expect(page.getByLabel('Street name')).toHaveValue('Nowhere Boulevard');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: /^Step 3/ }).click();
    await expect(page.getByLabel('Email address')).toHaveValue('aroha@example.nz');
    await summary.getByRole('link').click();
    await expect(page.getByLabel('Street name')).toBeFocused();
    await page.getByLabel('Street name').fill('Wharf Street');
    await page.getByRole('button', { name: /^Step 3/ }).click();
    await page.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByRole('heading', { name: 'Report sent' })).toBeVisible();
  });

  test('asks before leaving with unsaved changes', async ({ page }) => {
    await page.goto(FORM);
    await upgradedPage(page);
    await page.getByLabel('Describe the problem').click();
    await page.keyboard.type('Half typed');
    const dialog = page.waitForEvent('dialog');
    void page.getByRole('link', { name: 'Contact us' }).first().click();
    const asked = await dialog;
    expect(asked.type()).toBe('beforeunload');
    await asked.dismiss();
    await expect(page).toHaveURL(FORM);
    await expect(page.getByLabel('Describe the problem')).toHaveValue('Half typed');
  });

  test('without JavaScript is one long form that the server validates, keeping the values', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(FORM);
    await expect(page.getByRole('group', { name: 'About the streetlight' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send report' })).toBeVisible();
    await page.getByLabel('Full name').fill('Aroha Smith');
    await page.getByRole('button', { name: 'Send report' }).click();
    await expect(page).toHaveTitle(/^Error: Report a problem/);
    await expect(page.locator('[data-error-summary]').getByRole('link')).toHaveText([
      'Select the type of problem',
      'Enter a description of the problem',
      'Enter the street name',
      'Enter your email address',
    ]);
    await expect(page.getByLabel('Full name')).toHaveValue('Aroha Smith');
    await page.getByRole('radio', { name: 'Damaged footpath or kerb' }).check();
    await page.getByLabel('Describe the problem').fill('Cracked paving stones');
    await page.getByLabel('Street name').fill('Rimu St');
    await page.getByLabel('Email address').fill('aroha@example.nz');
    // Without the mask the field has its pattern and hint, and the server puts the reference into shape.
    const reference = page.getByLabel('Reference of an earlier report (optional)');
    await expect(reference).toHaveAttribute('pattern', String.raw`HCC-[0-9\p{L}]{4}-[0-9\p{L}]{4}`);
    await expect(page.getByText('like HCC-7K2M-9QXD.')).toBeVisible();
    await reference.fill('hcc 7k2m');
    await page.getByRole('button', { name: 'Send report' }).click();
    await expect(page.locator('[data-error-summary]').getByRole('link')).toHaveText([
      'Enter the reference as HCC- and two groups of 4 letters or numbers, like HCC-7K2M-9QXD',
    ]);
    await expect(page.getByLabel('Reference of an earlier report (optional)')).toHaveValue('hcc 7k2m');
    await page.getByLabel('Reference of an earlier report (optional)').fill('hcc 7k2m 9qxd');
    await page.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByRole('heading', { name: 'Report sent' })).toBeVisible();
    await context.close();
  });
});

test.describe('forms and tools: the filterable search', () => {
  test('filters as the visitor types; the button is disabled while the field is empty', async ({ page }) => {
    await page.goto('/forms');
    await upgradedPage(page);
    const search = page.getByRole('searchbox', { name: 'Search forms and tools' });
    const button = page.getByRole('button', { name: 'Search', exact: true }).last();
    await expect(button).toBeDisabled();
    await search.focus();
    await page.keyboard.type('rates');
    await expect(button).toBeEnabled();
    await expect(page.locator('#forms-list > li:visible')).toHaveCount(2);
    await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText('Showing 2 of 6');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await expect(button).toBeDisabled();
    await expect(page.locator('#forms-list > li:visible')).toHaveCount(6);
  });

  test('without JavaScript the search goes to the server', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/forms');
    await page.getByRole('searchbox', { name: 'Search forms and tools' }).fill('consent');
    await page.getByRole('button', { name: 'Search', exact: true }).last().click();
    await expect(page).toHaveURL('/forms?q=consent');
    await expect(page.locator('#forms-list > li:visible')).toHaveCount(2);
    await context.close();
  });
});

test.describe('multi-step form drafts', () => {
  const DRAFT_KEY = 'civic-elements:form-draft:/forms/report-a-problem';
  const storedDraft = (page: Page) => page.evaluate((key) => sessionStorage.getItem(key), DRAFT_KEY);
  const details = (page: Page) => page.getByRole('group', { name: 'Your details' });

  /** Answers three steps (the streetlight step shows by its rule) and starts on "Your details". */
  async function fillThreeSteps(page: Page) {
    await page.getByRole('radio', { name: 'Streetlight not working' }).check();
    await page.getByLabel('Describe the problem').fill('The light outside number 4 is out');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Street name').fill('Kowhai Avenue');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Pole number (optional)').fill('HC1234');
    await page.getByRole('radio', { name: 'It flickers' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(details(page).locator('legend').first()).toBeFocused();
    await page.getByLabel('Full name').fill('Aroha Smith');
  }

  /** The answers the browser does not restore by itself (autocomplete="off") are there, on their steps. */
  async function expectAnswersBack(page: Page) {
    await expect(page.getByLabel('Full name')).toHaveValue('Aroha Smith');
    await page.getByRole('button', { name: /^Step 2/ }).click();
    await expect(page.getByLabel('Street name')).toHaveValue('Kowhai Avenue');
    await page.getByRole('button', { name: /^Step 1/ }).click();
    await expect(page.getByRole('radio', { name: 'Streetlight not working' })).toBeChecked();
    await expect(page.getByLabel('Describe the problem')).toHaveValue('The light outside number 4 is out');
    await page.getByRole('button', { name: /^Step 3/ }).click();
    await expect(page.getByRole('radio', { name: 'It flickers' })).toBeChecked();
  }

  test('leaving the page and coming back with Back brings the answers and the step back; a successful send clears them', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(FORM);
    await upgradedPage(page);
    await fillThreeSteps(page);
    await page.getByRole('link', { name: 'Contact us' }).first().click();
    await expect(page).toHaveURL('/contact');

    await page.goBack();
    await expect(page).toHaveURL(FORM);
    await upgradedPage(page);
    await expect(details(page)).toBeVisible();
    await expect(page.getByRole('group', { name: 'Where is it?' })).toBeHidden();
    await expectAnswersBack(page);

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Email address').fill('aroha@example.nz');
    await page.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByRole('heading', { name: 'Report sent' })).toBeVisible();
    await expect.poll(() => storedDraft(page)).toBeNull();
    await page.goto(FORM);
    await upgradedPage(page);
    await expect(page.getByRole('group', { name: 'What is the problem?' })).toBeVisible();
    await expect(page.getByLabel('Describe the problem')).toHaveValue('');
    expect(errors).toEqual([]);
  });

  test('a send the network lost keeps the answers: the form opened again in the tab has them, on the last step', async ({ page }) => {
    await page.route(`**${FORM}`, (route) =>
      route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback(),
    );
    await page.goto(FORM);
    await upgradedPage(page);
    await fillThreeSteps(page);
    await page.getByLabel('Email address').fill('aroha@example.nz');
    await page.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByRole('heading', { name: 'Report sent' })).toHaveCount(0);
    // The browser shows its own error page in place of the form; the visitor opens the form again in the tab.
    await expect(page).not.toHaveURL(FORM);
    await page.goto(FORM);
    await upgradedPage(page);
    await expect(details(page)).toBeVisible();
    await expect(page.getByLabel('Email address')).toHaveValue('aroha@example.nz');
    await expectAnswersBack(page);
  });
});
