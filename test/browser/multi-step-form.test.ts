import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { TemplateResult } from 'lit';
import '../../elements/multi-step-form';
import { capturingConsole, effectsSettled, expectFocused, loadStyles, upgraded } from './helpers';

const problemStep = html`
  <fieldset class="multi-step-form__step" data-step>
    <legend>What is the problem?</legend>
    <fieldset class="multi-step-form__field" data-field>
      <legend>Type of problem</legend>
      <div class="multi-step-form__options">
        <div class="multi-step-form__option">
          <input type="radio" id="problem" name="problem" value="pothole" required data-error-required="Select the type of problem" />
          <label for="problem">Pothole</label>
        </div>
        <div class="multi-step-form__option">
          <input type="radio" id="problem-2" name="problem" value="streetlight" required />
          <label for="problem-2">Streetlight not working</label>
        </div>
      </div>
    </fieldset>
    <div class="multi-step-form__field" data-field>
      <label class="multi-step-form__label" for="description">Describe the problem</label>
      <div id="description-hint" class="multi-step-form__hint">Say where it is and how big it is.</div>
      <textarea id="description" name="description" required maxlength="200" aria-describedby="description-hint"></textarea>
    </div>
  </fieldset>
`;
const streetlightStep = html`
  <fieldset class="multi-step-form__step" data-step data-show-if="problem=streetlight">
    <legend>About the streetlight</legend>
    <div class="multi-step-form__field" data-field>
      <label class="multi-step-form__label" for="pole">Pole number</label>
      <input id="pole" name="pole" required pattern="[A-Z]{2}[0-9]{4}" data-error-format="Enter the pole number like HC1234" />
    </div>
  </fieldset>
`;
const detailsStep = html`
  <fieldset class="multi-step-form__step" data-step>
    <legend>Your details</legend>
    <div class="multi-step-form__field" data-field>
      <label class="multi-step-form__label" for="name">Full name</label>
      <input id="name" name="name" required />
    </div>
    <div class="multi-step-form__field" data-field>
      <label class="multi-step-form__label" for="email">Email address</label>
      <input id="email" name="email" type="email" required />
    </div>
  </fieldset>
`;
const extraStep = html`
  <fieldset class="multi-step-form__step" data-step>
    <legend>Anything else?</legend>
    <div class="multi-step-form__field" data-field>
      <label class="multi-step-form__label" for="notes">Notes (optional)</label>
      <textarea id="notes" name="notes"></textarea>
    </div>
  </fieldset>
`;

const formMarkup = (extra: TemplateResult | string = '') => html`
  <multi-step-form>
    <form action="/forms/test" method="post">
      <input type="hidden" name="token" value="t0k3n" />
      ${problemStep} ${streetlightStep} ${detailsStep} ${extraStep}
      <div class="form-actions">${extra}<button type="submit" class="button">Send report</button></div>
    </form>
  </multi-step-form>
`;

const stepsOf = (el: HTMLElement) => Array.from(el.querySelectorAll<HTMLFieldSetElement>('fieldset[data-step]'));
const visibleStep = (el: HTMLElement) => stepsOf(el).find((step) => !step.hidden);
const legendOf = (step: HTMLElement | undefined) => step?.querySelector(':scope > legend')?.textContent?.trim();
const nextButton = (el: HTMLElement) => el.querySelector<HTMLButtonElement>('.multi-step-form__next');
const previousButton = (el: HTMLElement) => el.querySelector<HTMLButtonElement>('.multi-step-form__previous');
const submitButton = (el: HTMLElement) => el.querySelector<HTMLButtonElement>('button[type="submit"]')!;
/** The element's own error summary (a server-rendered one is marked data-error-summary). */
const summary = (el: HTMLElement) => el.querySelector<HTMLElement>('.multi-step-form__summary:not([data-error-summary])');
const stepNav = (el: HTMLElement) =>
  Array.from(el.querySelectorAll('.multi-step-form__steps-item')).map((item) => {
    const control = item.firstElementChild!;
    const kind = control.localName === 'button' ? 'button' : control.getAttribute('aria-current') ? 'current' : 'text';
    return `${control.firstChild?.textContent}:${kind}`;
  });
const field = <T extends HTMLElement = HTMLInputElement>(el: HTMLElement, id: string) => el.querySelector<T>(`#${id}`)!;
/** The element made from `markup`, once it has rendered its own form. */
const upgradedFrom = (markup: TemplateResult) => upgraded<HTMLElement>(markup, (e) => !!e.querySelector('.multi-step-form'));
const upgradedForm = (extra?: TemplateResult | string) => upgradedFrom(formMarkup(extra));

/** Types into a field as a visitor would (input events), replacing what was there. */
async function type(control: HTMLInputElement | HTMLTextAreaElement, text: string) {
  control.focus();
  await sendKeys({ press: 'Control+A' });
  if (text === '') await sendKeys({ press: 'Backspace' });
  else await sendKeys({ type: text });
}

async function completeFirstStep(el: HTMLElement, problem: 'problem' | 'problem-2' = 'problem') {
  field(el, problem).click();
  await type(field<HTMLTextAreaElement>(el, 'description'), 'Deep pothole outside number 12');
  nextButton(el)!.click();
  await waitUntil(() => legendOf(visibleStep(el)) !== 'What is the problem?', 'did not leave the first step');
}

/** Catches the form's native submission (so the test page stays), recording whether the element let it go ahead. */
function catchSubmission(): { submissions: Array<{ prevented: boolean; data: FormData }>; stop: () => void } {
  const submissions: Array<{ prevented: boolean; data: FormData }> = [];
  const listener = (event: SubmitEvent) => {
    submissions.push({ prevented: event.defaultPrevented, data: new FormData(event.target as HTMLFormElement, event.submitter) });
    event.preventDefault();
  };
  document.addEventListener('submit', listener);
  return { submissions, stop: () => document.removeEventListener('submit', listener) };
}

const leaving = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('<multi-step-form>', () => {
  let caught: ReturnType<typeof catchSubmission>;
  const title = 'Report a problem';
  before(() => loadStyles('multi-step-form'));
  beforeEach(() => {
    caught = catchSubmission();
    document.title = title;
    // Each test starts without the draft an earlier one left in the tab (drafts have their own tests).
    sessionStorage.clear();
  });
  afterEach(() => {
    caught.stop();
    document.title = title;
  });

  it('keeps every step and field once, showing the first step with Next and "Step N" over the visible steps', async () => {
    const el = await upgradedForm();
    expect(el.querySelectorAll('form')).to.have.length(1);
    expect(stepsOf(el)).to.have.length(4);
    expect(el.querySelectorAll('textarea')).to.have.length(2);
    expect(el.querySelector('input[name="token"]')).to.exist;
    expect(stepsOf(el).map((step) => step.hidden)).to.deep.equal([false, true, true, true]);
    expect(stepNav(el)).to.deep.equal(['Step 1:current', 'Step 2:text', 'Step 3:text']);
    expect(nextButton(el)).to.exist;
    expect(previousButton(el)).to.be.null;
    expect(submitButton(el).closest<HTMLElement>('.form-actions')!.hidden, 'the submit button waits for the last step').to.be.true;
    expect(el.querySelector('form')!.noValidate).to.be.true;
    // The hidden conditional step's field is disabled: neither validated nor sent.
    expect(field(el, 'pole').disabled).to.be.true;
  });

  it('stays on a step with problems: inline messages, aria-invalid and aria-describedby, and a focused error summary', async () => {
    const el = await upgradedForm();
    const invalid: string[][] = [];
    el.addEventListener('multi-step-form-invalid', (e) => invalid.push(e.detail.fields));
    nextButton(el)!.click();
    await waitUntil(() => !!summary(el), 'no error summary');

    expect(legendOf(visibleStep(el))).to.equal('What is the problem?');
    expect(summary(el)!.querySelector('h2')!.textContent).to.equal('There is a problem');
    expect(summary(el)!.querySelector('[role="alert"]')).to.exist;
    const links = Array.from(summary(el)!.querySelectorAll('a'));
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).to.deep.equal([
      ['Select the type of problem', '#problem'],
      ['Enter describe the problem', '#description'],
    ]);
    expectFocused(summary(el));

    const description = field<HTMLTextAreaElement>(el, 'description');
    expect(description.getAttribute('aria-invalid')).to.equal('true');
    expect(description.getAttribute('aria-describedby')).to.equal('description-hint description-error');
    const message = document.getElementById('description-error')!;
    expect(message.textContent).to.equal('Error: Enter describe the problem');
    expect(message.nextElementSibling).to.equal(description);
    const group = field(el, 'problem').closest('fieldset')!;
    expect(group.getAttribute('aria-describedby')).to.equal('problem-error');
    expect(group.classList.contains('multi-step-form__field--error')).to.be.true;
    expect(document.getElementById('problem-error')!.previousElementSibling!.localName, 'under the legend, above the options').to.equal(
      'legend',
    );
    expect(invalid).to.deep.equal([['problem', 'description']]);
    expect(document.title).to.equal(`Error: ${title}`);
  });

  it('has no axe violations on its first step, and with the problems of a step shown', async () => {
    const el = await upgradedForm();
    await expect(el).to.be.accessible();
    nextButton(el)!.click();
    await waitUntil(() => !!summary(el), 'no error summary');
    await expect(el).to.be.accessible();
  });

  it('goes from an error link to its field, and clears a message once the field is fixed', async () => {
    const el = await upgradedForm();
    nextButton(el)!.click();
    await waitUntil(() => !!summary(el));
    summary(el)!.querySelectorAll('a')[1].click();
    expectFocused(field(el, 'description'));
    await sendKeys({ type: 'A pothole' });
    await waitUntil(() => !document.getElementById('description-error'), 'the fixed field kept its message');
    expect(field(el, 'description').hasAttribute('aria-invalid')).to.be.false;
    expect(field(el, 'description').getAttribute('aria-describedby')).to.equal('description-hint');
    expect(Array.from(summary(el)!.querySelectorAll('a')).map((a) => a.textContent)).to.deep.equal(['Select the type of problem']);
    summary(el)!.querySelector('a')!.click();
    expectFocused(field(el, 'problem'));
    await sendKeys({ press: 'Space' });
    await waitUntil(() => !summary(el), 'the summary stayed with nothing to list');
    expect(document.title).to.equal(title);
  });

  it('moves on with Next, skipping a hidden step, and focuses the new step; "Step 1" then leads back', async () => {
    const el = await upgradedForm();
    const shown: Array<{ index: number; number: number; title: string }> = [];
    el.addEventListener('multi-step-form-step', (e) => shown.push(e.detail));
    await completeFirstStep(el);
    expect(legendOf(visibleStep(el))).to.equal('Your details');
    expectFocused(visibleStep(el)!.querySelector('legend'));
    expect(stepNav(el)).to.deep.equal(['Step 1:button', 'Step 2:current', 'Step 3:text']);
    expect(shown).to.deep.equal([{ index: 2, number: 2, title: 'Your details' }]);
    expect(previousButton(el)).to.exist;

    el.querySelector<HTMLButtonElement>('.multi-step-form__step-button')!.click();
    await waitUntil(() => legendOf(visibleStep(el)) === 'What is the problem?');
    expect(stepNav(el)).to.deep.equal(['Step 1:current', 'Step 2:button', 'Step 3:text']);
    expect(el.querySelector('.multi-step-form__step-button')!.textContent).to.equal('Step 2: Your details');
  });

  it('works from the keyboard alone: Enter in a field is Next, Tab reaches Next and Previous', async () => {
    const el = await upgradedForm();
    field(el, 'problem').focus();
    await sendKeys({ press: 'Space' });
    await sendKeys({ press: 'Tab' });
    expectFocused(field(el, 'description'));
    await sendKeys({ type: 'Broken light' });
    await sendKeys({ press: 'Tab' });
    expectFocused(nextButton(el));
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => legendOf(visibleStep(el)) === 'Your details');
    expectFocused(visibleStep(el)!.querySelector('legend'));

    await sendKeys({ press: 'Tab' });
    expectFocused(field(el, 'name'));
    await sendKeys({ type: 'Aroha Smith' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => !!summary(el), 'Enter with an empty email did not check the step');
    expect(legendOf(visibleStep(el))).to.equal('Your details');
    expect(
      caught.submissions.every((submission) => submission.prevented),
      'Enter before the last step never sends the form',
    ).to.be.true;

    field(el, 'email').focus();
    await sendKeys({ type: 'aroha@example.nz' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => legendOf(visibleStep(el)) === 'Anything else?');
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    expectFocused(submitButton(el));
    await sendKeys({ press: 'Tab' });
    expectFocused(previousButton(el));
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => legendOf(visibleStep(el)) === 'Your details');
  });

  it('shows a step when its rule holds, numbering and disabling follow, and values survive hiding', async () => {
    const el = await upgradedForm();
    field(el, 'problem-2').click();
    await waitUntil(() => stepNav(el).length === 4, 'the streetlight step was not counted');
    expect(field(el, 'pole').disabled).to.be.false;
    await type(field<HTMLTextAreaElement>(el, 'description'), 'Light out');
    nextButton(el)!.click();
    await waitUntil(() => legendOf(visibleStep(el)) === 'About the streetlight');
    await type(field(el, 'pole'), 'hc12');
    nextButton(el)!.click();
    await waitUntil(() => !!summary(el));
    expect(summary(el)!.textContent).to.contain('Enter the pole number like HC1234');
    await type(field(el, 'pole'), 'HC1234');
    nextButton(el)!.click();
    await waitUntil(() => legendOf(visibleStep(el)) === 'Your details');
    expect(stepNav(el)).to.deep.equal(['Step 1:button', 'Step 2:button', 'Step 3:current', 'Step 4:text']);

    // Back to step 1 and another answer: the streetlight step goes, keeping what was typed, and is not sent.
    el.querySelector<HTMLButtonElement>('.multi-step-form__step-button')!.click();
    await waitUntil(() => legendOf(visibleStep(el)) === 'What is the problem?');
    field(el, 'problem').click();
    await waitUntil(() => stepNav(el).length === 3);
    expect(field(el, 'pole').disabled).to.be.true;
    expect(field(el, 'pole').value).to.equal('HC1234');
    expect(new FormData(el.querySelector('form')!).has('pole')).to.be.false;
    nextButton(el)!.click();
    await waitUntil(() => legendOf(visibleStep(el)) === 'Your details');
    previousButton(el)!.click();
    await waitUntil(() => legendOf(visibleStep(el)) === 'What is the problem?', 'Previous did not skip the hidden step');
  });

  it('sends the form when every visible step is valid, and no longer asks before leaving', async () => {
    const el = await upgradedForm();
    expect(leaving(), 'nothing typed yet').to.be.false;
    await completeFirstStep(el);
    expect(leaving(), 'changes not sent yet').to.be.true;
    await type(field(el, 'name'), 'Aroha Smith');
    await type(field(el, 'email'), 'aroha@example.nz');
    nextButton(el)!.click();
    await waitUntil(() => legendOf(visibleStep(el)) === 'Anything else?');
    expect(nextButton(el)).to.be.null;
    expect(submitButton(el).checkVisibility()).to.be.true;
    submitButton(el).click();
    expect(caught.submissions).to.have.length(1);
    expect(caught.submissions[0].prevented).to.be.false;
    const data = caught.submissions[0].data;
    expect([...data.keys()]).to.deep.equal(['token', 'problem', 'description', 'name', 'email', 'notes']);
    expect(leaving()).to.be.false;
  });

  it('on submit lists the viewed steps with problems, shows the first, and resets the captcha', async () => {
    let resets = 0;
    const el = await upgradedForm(html`<div data-captcha class="captcha"></div>`);
    const captcha = el.querySelector<HTMLElement & { reset?: () => void }>('[data-captcha]')!;
    captcha.reset = () => void (resets += 1);
    const events: HTMLElement[] = [];
    el.addEventListener('multi-step-form-captcha-reset', (e) => events.push(e.detail.captcha));
    await completeFirstStep(el);
    await type(field(el, 'name'), 'Aroha Smith');
    await type(field(el, 'email'), 'aroha@example.nz');
    nextButton(el)!.click();
    await waitUntil(() => legendOf(visibleStep(el)) === 'Anything else?');
    // Back to the first step by its button, clear the description, then forward to the last step by its button.
    el.querySelectorAll<HTMLButtonElement>('.multi-step-form__step-button')[0].click();
    await waitUntil(() => legendOf(visibleStep(el)) === 'What is the problem?');
    await type(field<HTMLTextAreaElement>(el, 'description'), '');
    el.querySelectorAll<HTMLButtonElement>('.multi-step-form__step-button')[1].click();
    await waitUntil(() => legendOf(visibleStep(el)) === 'Anything else?', 'could not jump forward to a reached step');
    expect(summary(el), 'leaving a step records its validity quietly').to.be.null;

    submitButton(el).click();
    await waitUntil(() => !!summary(el));
    expect(caught.submissions[0].prevented).to.be.true;
    expect(legendOf(visibleStep(el))).to.equal('What is the problem?');
    expect(Array.from(summary(el)!.querySelectorAll('a')).map((a) => a.getAttribute('href'))).to.deep.equal(['#description']);
    expectFocused(summary(el));
    expect(document.getElementById('description-error')).to.exist;
    expect(resets).to.equal(1);
    expect(events).to.deep.equal([captcha]);
    expect(leaving(), 'still unsent').to.be.true;
  });

  it('on submit shows an invalid step not viewed yet, without listing it', async () => {
    const el = await upgradedForm();
    await completeFirstStep(el);
    await type(field(el, 'name'), 'Aroha Smith');
    await type(field(el, 'email'), 'aroha@example.nz');
    nextButton(el)!.click();
    await waitUntil(() => legendOf(visibleStep(el)) === 'Anything else?');
    el.querySelectorAll<HTMLButtonElement>('.multi-step-form__step-button')[0].click();
    await waitUntil(() => legendOf(visibleStep(el)) === 'What is the problem?');
    field(el, 'problem-2').click(); // the streetlight step appears, never viewed
    await waitUntil(() => stepNav(el).length === 4);
    expect(stepNav(el)).to.deep.equal(['Step 1:current', 'Step 2:text', 'Step 3:button', 'Step 4:button']);
    el.querySelectorAll<HTMLButtonElement>('.multi-step-form__step-button')[1].click();
    await waitUntil(() => legendOf(visibleStep(el)) === 'Anything else?');
    submitButton(el).click();
    await waitUntil(() => legendOf(visibleStep(el)) === 'About the streetlight');
    expect(caught.submissions[0].prevented).to.be.true;
    expect(summary(el)).to.be.null;
    expect(document.getElementById('pole-error'), 'not nagged before it is seen').to.be.null;
    expectFocused(visibleStep(el)!.querySelector('legend'));
  });

  it('takes its words from the i18n attribute', async () => {
    const el = await upgradedFrom(
      html`<multi-step-form i18n='{"next":"Haere tonu","stepLabel":"Hīkoi {n}","summaryTitle":"He raruraru"}'>
        <form action="/forms/test" method="post">${problemStep} ${detailsStep}<button type="submit">Send</button></form>
      </multi-step-form>`,
    );
    expect(nextButton(el)!.textContent).to.equal('Haere tonu');
    expect(stepNav(el)).to.deep.equal(['Hīkoi 1:current', 'Hīkoi 2:text']);
    nextButton(el)!.click();
    await waitUntil(() => !!summary(el));
    expect(summary(el)!.querySelector('h2')!.textContent).to.equal('He raruraru');
  });

  it('ignores a display rule it cannot read, showing the step and saying why', async () => {
    let el!: HTMLElement;
    const warnings = await capturingConsole('warn', async () => {
      el = await upgradedFrom(
        html`<multi-step-form>
          <form action="/forms/test" method="post">
            <fieldset data-step>
              <legend>One</legend>
              <input id="a" name="a" />
            </fieldset>
            <fieldset data-step data-show-if="a=">
              <legend>Two</legend>
              <input id="b" name="b" />
            </fieldset>
            <button type="submit">Send</button>
          </form>
        </multi-step-form>`,
      );
    });
    expect(warnings.join()).to.contain('data-show-if of step "Two"');
    expect(stepNav(el)).to.deep.equal(['Step 1:current', 'Step 2:text']);
  });

  it('picks up errors from the server: starts on that step, focuses its summary, keeps the message until the field changes', async () => {
    const el = await upgradedFrom(
      html`<multi-step-form>
        <div class="multi-step-form__summary" data-error-summary>
          <div role="alert">
            <h2 class="multi-step-form__summary-title">There is a problem</h2>
            <ul class="multi-step-form__summary-list">
              <li><a href="#email">Enter an email address we can reach, this one bounced</a></li>
            </ul>
          </div>
        </div>
        <form action="/forms/test" method="post">
          ${problemStep}
          <fieldset class="multi-step-form__step" data-step>
            <legend>Your details</legend>
            <div class="multi-step-form__field multi-step-form__field--error" data-field>
              <label class="multi-step-form__label" for="email">Email address</label>
              <p id="email-error" class="multi-step-form__error">
                <span class="civic-visually-hidden">Error:</span> Enter an email address we can reach, this one bounced
              </p>
              <input
                id="email"
                name="email"
                type="email"
                required
                value="bounce@example.nz"
                aria-invalid="true"
                aria-describedby="email-error"
              />
            </div>
          </fieldset>
          <button type="submit">Send</button>
        </form>
      </multi-step-form>`,
    );
    expect(legendOf(visibleStep(el))).to.equal('Your details');
    expect(stepNav(el)).to.deep.equal(['Step 1:button', 'Step 2:current']);
    await waitUntil(() => document.activeElement === el.querySelector('[data-error-summary]'), 'the server summary was not focused');
    expect(field(el, 'email').value, 'the value is kept').to.equal('bounce@example.nz');
    expect(leaving(), 'a rejected form is still unsent').to.be.true;

    // Its link goes to the field, on whichever step.
    el.querySelector<HTMLButtonElement>('.multi-step-form__step-button')!.click();
    await waitUntil(() => legendOf(visibleStep(el)) === 'What is the problem?');
    el.querySelector<HTMLAnchorElement>('[data-error-summary] a')!.click();
    await waitUntil(() => legendOf(visibleStep(el)) === 'Your details');
    expectFocused(field(el, 'email'));

    // The server's message holds until the field changes; the first step (never filled in) is listed too.
    submitButton(el).click();
    await waitUntil(() => !!summary(el));
    expect(legendOf(visibleStep(el))).to.equal('What is the problem?');
    const links = Array.from(summary(el)!.querySelectorAll('a'));
    expect(links.map((a) => a.getAttribute('href'))).to.deep.equal(['#problem', '#description', '#email']);
    expect(links[2].textContent).to.equal('Enter an email address we can reach, this one bounced');
    expect(el.querySelectorAll('#email-error')).to.have.length(1);
    expect(el.querySelector<HTMLElement>('[data-error-summary]')!.hidden, 'the out-of-date server summary gives way').to.be.true;
    links[2].click();
    await waitUntil(() => legendOf(visibleStep(el)) === 'Your details');
    expectFocused(field(el, 'email'));
    await type(field(el, 'email'), 'aroha@example.nz');
    await waitUntil(() => !document.getElementById('email-error'), 'the server message outlived the change');
    expect(Array.from(summary(el)!.querySelectorAll('a')).map((a) => a.getAttribute('href'))).to.deep.equal(['#problem', '#description']);
  });

  it('survives being moved in the page with its step and values', async () => {
    const el = await upgradedForm();
    await completeFirstStep(el);
    const elsewhere = document.createElement('div');
    document.body.append(elsewhere);
    elsewhere.append(el);
    await effectsSettled();
    await waitUntil(() => el.querySelectorAll('.multi-step-form').length === 1 && stepsOf(el).length === 4);
    expect(field<HTMLTextAreaElement>(el, 'description').value).to.equal('Deep pothole outside number 12');
    elsewhere.remove();
  });

  it('gives a control without an id one no other element on the page has, and its error links to it', async () => {
    // Ids the page already uses, including the kit's own pattern: a generated id must never repeat one.
    const taken = document.createElement('div');
    for (let n = 0; n < 40; n += 1) {
      for (const id of [`civic-multi-step-form-field-${n}`, `multi-step-form-field-${n}`]) taken.append(Object.assign(document.createElement('p'), { id }));
    }
    document.body.append(taken);
    try {
      const el = await upgradedFrom(
        html`<multi-step-form>
          <form action="/forms/test" method="post">
            <fieldset data-step>
              <legend>Your name</legend>
              <div class="multi-step-form__field" data-field>
                <label class="multi-step-form__label">Full name <input name="full-name" required data-error-required="Enter your full name" /></label>
              </div>
            </fieldset>
            <button type="submit">Send</button>
          </form>
        </multi-step-form>`,
      );
      const input = el.querySelector<HTMLInputElement>('input[name="full-name"]')!;
      expect(input.id).to.not.equal('');
      expect(document.querySelectorAll(`[id="${CSS.escape(input.id)}"]`)).to.have.length(1);
      submitButton(el).click();
      await waitUntil(() => !!summary(el), 'no error summary');
      const link = summary(el)!.querySelector<HTMLAnchorElement>('a')!;
      expect(link.getAttribute('href')).to.equal(`#${input.id}`);
    } finally {
      taken.remove();
    }
  });

  it('without a form says what is missing and keeps the content', async () => {
    let el!: HTMLElement;
    const warnings = await capturingConsole('warn', async () => {
      el = await fixture<HTMLElement>(html`<multi-step-form><p>Form coming soon</p></multi-step-form>`);
      await waitUntil(() => !!el.querySelector('.multi-step-form__content'));
    });
    expect(warnings.join()).to.contain('no <form>');
    expect(el.textContent).to.contain('Form coming soon');
  });

  it('reads as one long form before it upgrades: every step, every field and the submit button show', async () => {
    const el = await fixture<HTMLElement>(html`
      <multi-step-form-not-defined>
        <form action="/forms/test" method="post">
          ${problemStep} ${streetlightStep} ${detailsStep}<button type="submit">Send report</button>
        </form>
      </multi-step-form-not-defined>
    `);
    expect(Array.from(el.querySelectorAll<HTMLElement>('fieldset[data-step]')).every((step) => step.offsetHeight > 0)).to.be.true;
    expect(el.querySelector<HTMLButtonElement>('button[type="submit"]')!.offsetHeight).to.be.greaterThan(0);
    expect(el.querySelector('#pole')!.hasAttribute('disabled')).to.be.false;
    expect(el.querySelector('form')!.noValidate).to.be.false;
  });
});
