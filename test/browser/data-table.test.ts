import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { TemplateResult } from 'lit';
import { define } from '../../elements/data-table';
import { capturingConsole, nextFrame, upgraded, loadStyles, expectFocused } from './helpers';

const STYLES = ['/src/styles/theme.css', '/src/components/data-table/styles.css'];

const rows = html`
  <thead>
    <tr>
      <th scope="col">Application type</th>
      <th scope="col">Lodgement fee</th>
      <th scope="col">Processing fee per hour</th>
      <th scope="col">Inspection fee</th>
      <th scope="col">Code compliance certificate</th>
    </tr>
  </thead>
  <tbody>
    <tr>
      <th scope="row">New dwelling, single storey</th>
      <td>£1,250.00 plus levy</td>
      <td>£195.00 per hour</td>
      <td>£210.00 per inspection</td>
      <td>£450.00 on completion</td>
    </tr>
    <tr>
      <th scope="row">Alterations to an existing dwelling</th>
      <td>£650.00 plus levy</td>
      <td>£195.00 per hour</td>
      <td>£210.00 per inspection</td>
      <td>£300.00 on completion</td>
    </tr>
  </tbody>
`;
const feesTable = (attributes = '') => html`
  <data-table data-case=${attributes}>
    <table>
      <caption>
        Fees for 2026
      </caption>
      ${rows}
    </table>
  </data-table>
`;
/** A container of a given width around the markup, with buttons before and after for tabbing. */
const inBox = (width: number, content: TemplateResult) => html`
  <div style="width: ${width}px"><button id="before">Before</button>${content}<button id="after">After</button></div>
`;

const scroller = (el: Element) => el.querySelector<HTMLElement>('.data-table__scroller');
const isRegion = (el: Element) => scroller(el)?.getAttribute('role') === 'region';
const dataTable = (box: Element) => box.querySelector<HTMLElement>('data-table')!;
/** A <data-table> in a box too narrow for a table of `rows`. */
const narrowDataTable = async (content: TemplateResult) => dataTable(await fixture(inBox(320, content)));

describe('<data-table>', () => {
  before(() => loadStyles('data-table'));

  it('makes a table that overflows a keyboard-focusable region named by its caption', async () => {
    const box = await fixture<HTMLElement>(inBox(320, feesTable()));
    const el = dataTable(box);
    await waitUntil(() => isRegion(el), 'the overflowing table did not become a region');
    const region = scroller(el)!;
    const caption = el.querySelector('caption')!;
    expect(region.getAttribute('tabindex')).to.equal('0');
    expect(caption.id).to.not.equal('');
    expect(region.getAttribute('aria-labelledby')).to.equal(caption.id);
    expect(document.getElementById(region.getAttribute('aria-describedby')!)!.textContent).to.equal('Scroll to see more');
    expect(region.contains(el.querySelector('table'))).to.be.true;
    await expect(el).to.be.accessible();
  });

  it('leaves a table that fits as a plain table: no region, no tab stop', async () => {
    const box = await fixture<HTMLElement>(inBox(2000, feesTable()));
    const el = dataTable(box);
    await waitUntil(() => scroller(el)?.querySelector('table'));
    await nextFrame();
    const plain = scroller(el)!;
    expect(plain.hasAttribute('role')).to.be.false;
    expect(plain.hasAttribute('tabindex')).to.be.false;
    expect(plain.hasAttribute('aria-label')).to.be.false;
    expect(plain.hasAttribute('aria-labelledby')).to.be.false;
    expect(el.querySelector('.data-table__hint')).to.be.null;
    box.querySelector<HTMLButtonElement>('#before')!.focus();
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement!.id).to.equal('after');
  });

  it('follows its container as it narrows and widens, and says so with data-table-overflow', async () => {
    const box = await fixture<HTMLElement>(inBox(2000, feesTable()));
    const el = dataTable(box);
    const events: boolean[] = [];
    el.addEventListener('data-table-overflow', (e) => events.push(e.detail.overflowing));
    await waitUntil(() => scroller(el)?.querySelector('table'));
    box.style.setProperty('width', '320px');
    await waitUntil(() => isRegion(el), 'did not become a region when narrowed');
    expect(scroller(el)!.tabIndex).to.equal(0);
    box.style.setProperty('width', '2000px');
    await waitUntil(() => !isRegion(el), 'stayed a region when widened');
    expect(scroller(el)!.hasAttribute('tabindex')).to.be.false;
    expect(events).to.deep.equal([true, false]);
  });

  it('is reached with Tab, shows a focus ring and scrolls with the arrow keys', async () => {
    const box = await fixture<HTMLElement>(inBox(320, feesTable()));
    const el = dataTable(box);
    await waitUntil(() => isRegion(el));
    const region = scroller(el)!;
    const frame = el.querySelector('.data-table__frame')!;
    expect(frame.hasAttribute('data-more-end')).to.be.true;
    expect(frame.hasAttribute('data-more-start')).to.be.false;
    box.querySelector<HTMLButtonElement>('#before')!.focus();
    await sendKeys({ press: 'Tab' });
    expectFocused(region);
    // The kit's yellow ring, without the yellow fill other controls get (it would hide the table).
    const ring = getComputedStyle(region);
    expect([ring.outlineStyle, ring.outlineColor, ring.outlineWidth]).to.deep.equal(['solid', 'rgb(255, 221, 0)', '3px']);
    expect(ring.backgroundColor).to.equal('rgba(0, 0, 0, 0)');
    expect(region.scrollLeft).to.equal(0);
    await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => region.scrollLeft > 0, 'ArrowRight did not scroll');
    await waitUntil(() => frame.hasAttribute('data-more-start'), 'no shadow on the start side after scrolling');
    region.scrollLeft = region.scrollWidth;
    await waitUntil(() => !frame.hasAttribute('data-more-end'), 'still shows more at the end after scrolling to it');
  });

  it('keeps the id a caption already has', async () => {
    const box = await fixture<HTMLElement>(
      inBox(
        320,
        html`<data-table
          ><table>
            <caption id="fees-2026">
              Fees for 2026
            </caption>
            ${rows}
          </table></data-table
        >`,
      ),
    );
    const el = dataTable(box);
    await waitUntil(() => isRegion(el));
    expect(el.querySelector('caption')!.id).to.equal('fees-2026');
    expect(scroller(el)!.getAttribute('aria-labelledby')).to.equal('fees-2026');
  });

  it('gives two tables on a page different ids', async () => {
    const box = await fixture<HTMLElement>(inBox(320, html`${feesTable()}${feesTable()}`));
    const [first, second] = Array.from(box.querySelectorAll('data-table'));
    await waitUntil(() => isRegion(first) && isRegion(second));
    const ids = [first, second].flatMap((el) => [el.querySelector('caption')!.id, el.querySelector('.data-table__hint')!.id]);
    expect(new Set(ids).size).to.equal(4);
  });

  it('is named by its label attribute when the table has no caption, else by the default', async () => {
    const labelled = await narrowDataTable(
      html`<data-table label="Building consent fees"
        ><table>
          ${rows}
        </table></data-table
      >`,
    );
    await waitUntil(() => isRegion(labelled));
    expect(scroller(labelled)!.getAttribute('aria-label')).to.equal('Building consent fees');
    expect(scroller(labelled)!.hasAttribute('aria-labelledby')).to.be.false;

    const unlabelled = await narrowDataTable(
      html`<data-table
        ><table>
          ${rows}
        </table></data-table
      >`,
    );
    await waitUntil(() => isRegion(unlabelled));
    expect(scroller(unlabelled)!.getAttribute('aria-label')).to.equal('Data table');
  });

  it('prefers the caption to the label attribute', async () => {
    const el = await narrowDataTable(
      html`<data-table label="Ignored"
        ><table>
          <caption>
            Fees for 2026
          </caption>
          ${rows}
        </table></data-table
      >`,
    );
    await waitUntil(() => isRegion(el));
    expect(scroller(el)!.getAttribute('aria-labelledby')).to.equal(el.querySelector('caption')!.id);
    expect(scroller(el)!.hasAttribute('aria-label')).to.be.false;
  });

  it('takes its strings from the i18n attribute', async () => {
    const el = await narrowDataTable(
      html`<data-table i18n='{"label":"Tabl data","scrollHint":"Sgroliwch i weld mwy"}'
        ><table>
          ${rows}
        </table></data-table
      >`,
    );
    await waitUntil(() => isRegion(el));
    expect(scroller(el)!.getAttribute('aria-label')).to.equal('Tabl data');
    expect(el.querySelector('.data-table__hint')!.textContent).to.equal('Sgroliwch i weld mwy');
  });

  it('moves the server table into the region without copying it, and keeps what is around it', async () => {
    const box = await fixture<HTMLElement>(
      inBox(
        320,
        html`<data-table-adopting
          ><p>Fees include GST.</p>
          <table>
            <caption>
              Fees for 2026
            </caption>
            ${rows}
          </table>
          <p>Source: fee schedule.</p></data-table-adopting
        >`,
      ),
    );
    const el = box.querySelector<HTMLElement>('data-table-adopting')!;
    const serverTable = el.querySelector('table')!;
    define('data-table-adopting');
    await waitUntil(() => isRegion(el));
    expect(el.querySelectorAll('table')).to.have.length(1);
    expect(scroller(el)!.querySelector('table')).to.equal(serverTable);
    expect(el.textContent!.match(/Fees for 2026/g)).to.have.length(1);
    expect(el.textContent!.match(/New dwelling/g)).to.have.length(1);
    expect(scroller(el)!.textContent).to.not.contain('GST');
    expect(el.textContent!.indexOf('GST')).to.be.lessThan(el.textContent!.indexOf('Fees for 2026'));
    expect(el.textContent!.indexOf('Source')).to.be.greaterThan(el.textContent!.indexOf('New dwelling'));
  });

  it('survives being moved in the page without losing or copying the table', async () => {
    const box = await fixture<HTMLElement>(inBox(320, feesTable()));
    const el = dataTable(box);
    await waitUntil(() => isRegion(el));
    const captionId = el.querySelector('caption')!.id;
    const elsewhere = Object.assign(document.createElement('div'), { id: 'elsewhere' });
    elsewhere.style.setProperty('width', '320px');
    document.body.append(elsewhere);
    elsewhere.append(el);
    await waitUntil(() => isRegion(el) && scroller(el)!.querySelector('table'), 'not a region after the move');
    expect(el.querySelectorAll('table')).to.have.length(1);
    expect(scroller(el)!.getAttribute('aria-labelledby')).to.equal(captionId);
    elsewhere.remove();
  });

  it('keeps markup without a table and says what is missing', async () => {
    let el!: HTMLElement;
    const warnings = await capturingConsole('warn', async () => {
      el = await upgraded<HTMLElement>(
        html`<data-table><p>No fees this year.</p></data-table>`,
        (e) => !!e.querySelector('.data-table__content'),
      );
    });
    expect(el.textContent).to.contain('No fees this year.');
    expect(warnings.join()).to.contain('no table found');
  });

  it('scrolls sideways without JavaScript, so nothing is cut off', async () => {
    const frame = await fixture<HTMLIFrameElement>(html`<iframe title="No JavaScript" style="width: 400px; height: 300px"></iframe>`);
    const doc = frame.contentDocument!;
    for (const href of STYLES)
      doc.head.append(Object.assign(doc.createElement('link'), { rel: 'stylesheet', href: new URL(href, location.href).href }));
    const el = doc.createElement('data-table');
    const table = doc.createElement('table');
    table.append(Object.assign(doc.createElement('caption'), { textContent: 'Fees for 2026' }));
    const row = table.insertRow();
    for (let i = 0; i < 6; i++) row.insertCell().textContent = 'A wide cell that does not wrap at all';
    table.style.setProperty('white-space', 'nowrap');
    el.append(table);
    doc.body.append(el);
    await waitUntil(() => frame.contentWindow!.getComputedStyle(el).overflowX === 'auto', 'no overflow-x: auto before upgrade');
    expect(el.scrollWidth).to.be.greaterThan(el.clientWidth);
    el.scrollLeft = 100;
    expect(el.scrollLeft).to.equal(100);
  });
});

describe('<data-table> with no-JavaScript region attributes from the server', () => {
  it('takes them off the host on upgrade, so there is one tab stop and one region', async () => {
    const box = await fixture<HTMLElement>(html`
      <div style="width: 200px">
        <data-table tabindex="0" role="region" aria-labelledby="nojs-caption">
          <table>
            <caption id="nojs-caption">
              Wide fees
            </caption>
            <tr>
              <td style="min-width: 600px">Wider than its box</td>
            </tr>
          </table>
        </data-table>
      </div>
    `);
    const el = box.querySelector<HTMLElement>('data-table')!;
    await waitUntil(() => el.querySelector('.data-table__scroller')?.getAttribute('role') === 'region', 'the inner region was not built');
    expect(el.hasAttribute('tabindex')).to.be.false;
    expect(el.hasAttribute('role')).to.be.false;
    expect(el.hasAttribute('aria-labelledby')).to.be.false;
    expect(box.querySelectorAll('[tabindex="0"]')).to.have.length(1);
    expect(box.querySelectorAll('[role="region"]')).to.have.length(1);
  });
});
