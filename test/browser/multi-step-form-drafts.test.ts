import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/multi-step-form';
import { draftStorageKey } from '../../src/core/form-draft';
import { capturingConsole, effectsSettled, upgraded } from './helpers';

const ACTION = '/forms/drafts';
const KEY = draftStorageKey(ACTION);

interface Rendered {
  street?: string;
  error?: boolean;
  formAttributes?: 'no-draft' | 'keyed';
}

/** The form as a server renders it; `street` is a value the server put back after refusing a post. */
const formMarkup = ({ street = '', error = false, formAttributes }: Rendered = {}) => html`
  <multi-step-form>
    <form
      action=${ACTION}
      method="post"
      ?data-no-draft=${formAttributes === 'no-draft'}
      data-draft-key=${formAttributes === 'keyed' ? 'other-form' : ''}
    >
      <input type="hidden" name="token" value="server-token" />
      <fieldset data-step>
        <legend>What is the problem?</legend>
        <div data-field>
          <input type="radio" id="problem" name="problem" value="pothole" required /><label for="problem">Pothole</label>
          <input type="radio" id="problem-2" name="problem" value="streetlight" required /><label for="problem-2">Streetlight</label>
        </div>
        <div data-field>
          <label for="description">Describe the problem</label>
          <textarea id="description" name="description" required></textarea>
        </div>
      </fieldset>
      <fieldset data-step data-show-if="problem=streetlight">
        <legend>About the streetlight</legend>
        <div data-field><label for="pole">Pole number</label><input id="pole" name="pole" /></div>
      </fieldset>
      <fieldset data-step>
        <legend>Where is it?</legend>
        <div data-field class=${error ? 'multi-step-form__field--error' : ''}>
          <label for="street">Street name</label>
          ${error ? html`<p id="street-error" class="multi-step-form__error">We cannot find that street</p>` : ''}
          <input id="street" name="street" autocomplete="off" required .defaultValue=${street} aria-invalid=${error ? 'true' : 'false'} />
        </div>
      </fieldset>
      <fieldset data-step>
        <legend>Your details</legend>
        <div data-field><label for="name">Full name</label><input id="name" name="name" required /></div>
        <div data-field><label for="secret">Password</label><input id="secret" name="secret" type="password" /></div>
        <div data-field><label for="upload">Photo</label><input id="upload" name="upload" type="file" /></div>
        <div data-field data-no-draft><label for="card">Card number</label><input id="card" name="card" /></div>
        <div data-field><input type="checkbox" id="updates" name="updates" value="yes" /><label for="updates">Email me updates</label></div>
      </fieldset>
      <button type="submit">Send report</button>
    </form>
  </multi-step-form>
`;

const open = (rendered?: Rendered) => upgraded<HTMLElement>(formMarkup(rendered), (el) => !!el.querySelector('.multi-step-form'));
const shownLegend = (el: HTMLElement) =>
  Array.from(el.querySelectorAll<HTMLElement>('fieldset[data-step]'))
    .find((step) => !step.hidden)
    ?.querySelector('legend')
    ?.textContent?.trim();
const control = <T extends HTMLElement = HTMLInputElement>(el: HTMLElement, id: string) => el.querySelector<T>(`#${id}`)!;
const next = (el: HTMLElement) => el.querySelector<HTMLButtonElement>('.multi-step-form__next')!.click();
const stepButtons = (el: HTMLElement) => Array.from(el.querySelectorAll('.multi-step-form__step-button')).map((b) => b.textContent?.trim());

async function typeInto(field: HTMLInputElement | HTMLTextAreaElement, text: string) {
  field.focus();
  await sendKeys({ type: text });
}

/** Answers three steps (the streetlight step shows by its rule) and arrives at "Your details". */
async function fillThreeSteps(el: HTMLElement) {
  control(el, 'problem-2').click();
  await typeInto(control<HTMLTextAreaElement>(el, 'description'), 'Out since Tuesday');
  next(el);
  await waitUntil(() => shownLegend(el) === 'About the streetlight', 'did not reach the streetlight step');
  await typeInto(control(el, 'pole'), 'HC1234');
  next(el);
  await waitUntil(() => shownLegend(el) === 'Where is it?', 'did not reach the street step');
  await typeInto(control(el, 'street'), 'Wharf Street');
  next(el);
  await waitUntil(() => shownLegend(el) === 'Your details', 'did not reach the details step');
  await typeInto(control(el, 'name'), 'Aroha Smith');
  await typeInto(control(el, 'secret'), 'hunter2');
  await typeInto(control(el, 'card'), '4111 1111 1111 1111');
  control(el, 'updates').click();
}

/** The visitor leaves (the page goes) and comes back: the same server markup, a new element. */
async function leaveAndReturn(el: HTMLElement, rendered?: Rendered): Promise<HTMLElement> {
  window.dispatchEvent(new Event('pagehide'));
  el.remove();
  await effectsSettled();
  return open(rendered);
}

describe('<multi-step-form> drafts', () => {
  beforeEach(() => sessionStorage.clear());

  it('brings back every answer, the autocomplete="off" one too, on the step the visitor left, with the steps reached', async () => {
    const first = await open();
    await fillThreeSteps(first);
    const back = await leaveAndReturn(first);
    expect(shownLegend(back)).to.equal('Your details');
    expect(stepButtons(back)).to.deep.equal(['Step 1: What is the problem?', 'Step 2: About the streetlight', 'Step 3: Where is it?']);
    expect(control(back, 'problem-2').checked).to.be.true;
    expect(control<HTMLTextAreaElement>(back, 'description').value).to.equal('Out since Tuesday');
    expect(control(back, 'pole').value).to.equal('HC1234');
    expect(control(back, 'street').value).to.equal('Wharf Street');
    expect(control(back, 'name').value).to.equal('Aroha Smith');
    expect(control(back, 'updates').checked).to.be.true;
  });

  it('keeps no password, file, data-no-draft field or the server’s hidden inputs', async () => {
    const first = await open();
    await fillThreeSteps(first);
    const stored = sessionStorage.getItem(KEY) ?? '';
    expect(stored).to.contain('Wharf Street');
    expect(stored).not.to.contain('hunter2');
    expect(stored).not.to.contain('4111');
    expect(stored).not.to.contain('server-token');
    const back = await leaveAndReturn(first);
    expect(control(back, 'secret').value).to.equal('');
    expect(control(back, 'card').value).to.equal('');
  });

  it('keeps nothing for a form marked data-no-draft', async () => {
    const first = await open({ formAttributes: 'no-draft' });
    await typeInto(control<HTMLTextAreaElement>(first, 'description'), 'Private');
    window.dispatchEvent(new Event('pagehide'));
    expect(Object.keys(sessionStorage)).to.deep.equal([]);
  });

  it('keys each form by its address, or the key it names', async () => {
    const first = await open({ formAttributes: 'keyed' });
    await typeInto(control<HTMLTextAreaElement>(first, 'description'), 'Keyed');
    expect(sessionStorage.getItem(draftStorageKey('other-form'))).to.contain('Keyed');
    expect(sessionStorage.getItem(KEY)).to.equal(null);
    const other = await leaveAndReturn(first);
    expect(control<HTMLTextAreaElement>(other, 'description').value).to.equal('');
  });

  it('after a refused post, keeps what the server rendered, fills only what it left empty, and opens on the error', async () => {
    const first = await open();
    await fillThreeSteps(first);
    await typeInto(control(first, 'street'), '');
    const back = await leaveAndReturn(first, { street: 'Nowhere Boulevard', error: true });
    expect(control(back, 'street').value).to.equal('Nowhere Boulevard');
    expect(shownLegend(back)).to.equal('Where is it?');
    expect(control(back, 'name').value).to.equal('Aroha Smith');
    expect(control<HTMLTextAreaElement>(back, 'description').value).to.equal('Out since Tuesday');
  });

  it('survives a send the network lost: the answers are kept when the form is sent', async () => {
    const first = await open();
    await fillThreeSteps(first);
    const stop = (event: Event) => event.preventDefault();
    document.addEventListener('submit', stop);
    try {
      first.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    } finally {
      document.removeEventListener('submit', stop);
    }
    const back = await leaveAndReturn(first);
    expect(control(back, 'street').value).to.equal('Wharf Street');
    expect(shownLegend(back)).to.equal('Your details');
  });

  it('is cleared by the page after a successful send, which names the form in draft-sent, without a warning', async () => {
    const first = await open();
    await fillThreeSteps(first);
    window.dispatchEvent(new Event('pagehide'));
    first.remove();
    expect(sessionStorage.getItem(KEY)).to.contain('Wharf Street');
    const warnings = await capturingConsole('warn', async () => {
      const sent = await fixture<HTMLElement>(html`<multi-step-form draft-sent=${ACTION}><p>Report sent</p></multi-step-form>`);
      await waitUntil(() => sessionStorage.getItem(KEY) === null, 'the draft was not cleared');
      expect(sent.textContent?.trim()).to.equal('Report sent');
    });
    expect(warnings).to.deep.equal([]);
    const back = await open();
    expect(shownLegend(back)).to.equal('What is the problem?');
    expect(control(back, 'street').value).to.equal('');
  });

  it('ignores a stored draft it cannot read', async () => {
    sessionStorage.setItem(KEY, '{"version":1,"step":"two"}');
    const el = await open();
    expect(shownLegend(el)).to.equal('What is the problem?');
  });
});
