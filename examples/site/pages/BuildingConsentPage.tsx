/** @jsxImportSource hono/jsx */
import { Layout } from '../Layout';
import { Breadcrumbs } from '../Breadcrumbs';
import { subsites } from '../site-settings/subsites';

const PATH = '/guidance/building-consent';

/** A long content page, as the CMS writes it, using every content-page element. */
export function BuildingConsentPage() {
  return (
    <Layout
      title="Apply for a building consent"
      path={PATH}
      elements={['jump-links', 'share-panel']}
      subsite={subsites.buildingAndPlanning}
      intro={
        <>
          <Breadcrumbs trail={[{ title: 'Building and planning', href: '/services/building-and-planning' }]} />
          <p class="subsite-label">Building and planning</p>
          <h1>Apply for a building consent</h1>
        </>
      }
      aside={
        <jump-links content="#main-content">
          {/* The contents for visitors without JavaScript; the element builds the same list from the headings. */}
          <nav class="jump-links" aria-labelledby="jump-links-title">
            <h2 class="jump-links__title" id="jump-links-title">
              On this page
            </h2>
            <ol class="jump-links__list">
              <li class="jump-links__item">
                <a class="jump-links__link" href="#when-you-need-a-building-consent">
                  When you need a building consent
                </a>
              </li>
              <li class="jump-links__item">
                <a class="jump-links__link" href="#what-it-costs">
                  What it costs
                </a>
              </li>
              <li class="jump-links__item">
                <a class="jump-links__link" href="#documents-you-need">
                  Documents you need
                </a>
              </li>
              <li class="jump-links__item">
                <a class="jump-links__link" href="#how-to-apply">
                  How to apply
                </a>
              </li>
              <li class="jump-links__item">
                <a class="jump-links__link" href="#after-you-apply">
                  After you apply
                </a>
              </li>
              <li class="jump-links__item">
                <a class="jump-links__link" href="#get-help">
                  Get help
                </a>
              </li>
            </ol>
          </nav>
        </jump-links>
      }
    >
      <>
        <p class="lead">
          You need a building consent before you build, alter, demolish or remove most buildings in Harbourton. This guide explains when you
          need one, what it costs and how long it takes.
        </p>
        <div class="page-tools">
          <p class="page-tools__updated">Last updated 14 November 2026</p>
          <share-panel url="https://www.harbourton.govt.nz/guidance/building-consent" page-title="Apply for a building consent">
            <ul class="share-links">
              <li>
                <a href="https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fwww.harbourton.govt.nz%2Fguidance%2Fbuilding-consent">
                  Facebook
                </a>
              </li>
              <li>
                <a href="https://x.com/intent/post?url=https%3A%2F%2Fwww.harbourton.govt.nz%2Fguidance%2Fbuilding-consent&amp;text=Apply%20for%20a%20building%20consent">
                  X
                </a>
              </li>
              <li>
                <a href="https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fwww.harbourton.govt.nz%2Fguidance%2Fbuilding-consent">
                  LinkedIn
                </a>
              </li>
              <li>
                <a href="mailto:?subject=Apply%20for%20a%20building%20consent&amp;body=https%3A%2F%2Fwww.harbourton.govt.nz%2Fguidance%2Fbuilding-consent">
                  Email
                </a>
              </li>
            </ul>
          </share-panel>
        </div>

        <h2 id="when-you-need-a-building-consent">When you need a building consent</h2>
        <p>
          Most building work needs a consent, from a new house to a deck more than 1.5 metres above the ground. The consent shows that the
          plans meet the Building Code, so the finished building is safe, healthy and durable.
        </p>
        <p>
          Not sure about your project?{' '}
          <a href="/decision-trees/building-consent">Answer a few questions to find out if you need a consent</a>.
        </p>
        <p>You need a building consent to:</p>
        <ul>
          <li>build a new house, garage or sleep-out over 30 square metres</li>
          <li>add a room, a bathroom or a deck higher than 1.5 metres</li>
          <li>move or remove a wall that holds up the roof</li>
          <li>install a wood burner, solar panels on a roof, or new plumbing and drainage</li>
          <li>demolish a building more than three storeys high</li>
        </ul>
        <div class="callout">
          <p>
            <strong>Not sure?</strong> Some small work is exempt, such as a garden shed under 30 square metres or repairs with the same
            materials. Check with us before you start: work done without a consent can be costly to put right.
          </p>
        </div>

        <h2 id="what-it-costs">What it costs</h2>
        <p>The fee depends on the value of the work. You pay a deposit when you apply and the balance when we issue the consent.</p>
        <data-table tabindex="0" role="region" aria-labelledby="fees-caption">
          <table class="table">
            <caption id="fees-caption">Building consent fees from 1 July 2026</caption>
            <thead>
              <tr>
                <th scope="col">Value of work</th>
                <th scope="col">Deposit</th>
                <th scope="col">Processing (per hour)</th>
                <th scope="col">Inspections (each)</th>
                <th scope="col">Code compliance certificate</th>
                <th scope="col">Building levy</th>
                <th scope="col">Typical total</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">Up to $20,000</th>
                <td>$450</td>
                <td>$195</td>
                <td>$210</td>
                <td>$180</td>
                <td>None</td>
                <td>$1,400</td>
              </tr>
              <tr>
                <th scope="row">$20,001 to $100,000</th>
                <td>$1,100</td>
                <td>$195</td>
                <td>$210</td>
                <td>$260</td>
                <td>$1.75 per $1,000</td>
                <td>$3,200</td>
              </tr>
              <tr>
                <th scope="row">$100,001 to $500,000</th>
                <td>$2,400</td>
                <td>$195</td>
                <td>$210</td>
                <td>$340</td>
                <td>$1.75 per $1,000</td>
                <td>$7,900</td>
              </tr>
              <tr>
                <th scope="row">Over $500,000</th>
                <td>$4,800</td>
                <td>$195</td>
                <td>$210</td>
                <td>$420</td>
                <td>$1.75 per $1,000</td>
                <td>Quoted</td>
              </tr>
            </tbody>
          </table>
        </data-table>

        <h2 id="documents-you-need">Documents you need</h2>
        <p>Send these with your application. Incomplete applications are returned, which delays your project.</p>
        <accordion-group>
          <section>
            <h3>Site and floor plans</h3>
            <p>Drawn to scale, showing boundaries, the building's position, floor areas and the use of each room.</p>
          </section>
          <section>
            <h3>Specifications</h3>
            <p>The materials and products you will use, with the standards they meet and how they will be installed.</p>
          </section>
          <section>
            <h3>Producer statements and engineering</h3>
            <p>
              Needed when a design relies on an engineer, for example retaining walls over 1.5 metres or a new foundation. Ask your designer
              whether you need one.
            </p>
          </section>
          <section>
            <h3>Certificate of title</h3>
            <p>A copy issued in the last three months, with any easements or covenants that affect the work.</p>
          </section>
        </accordion-group>

        <h2 id="how-to-apply">How to apply</h2>
        <p>Apply online through the building consent portal. You can save your application and come back to it.</p>
        <ol>
          <li>Create an account or sign in.</li>
          <li>Upload your plans, specifications and title.</li>
          <li>Pay the deposit by card or internet banking.</li>
        </ol>
        {/* The site's policy allows the privacy-enhanced frame, not the video site's API script: play in the frame. */}
        <video-thumbnail embed-only>
          <a href="https://www.youtube.com/watch?v=M7lc1UVf-VE">
            <img src="/assets/video-building-consent.svg" alt="" width="640" height="360" />
            Watch: how to apply for a building consent online (3 minutes)
          </a>
        </video-thumbnail>

        <h2 id="after-you-apply">After you apply</h2>
        <p>
          We decide most applications within 20 working days. The clock stops if we ask you for more information and starts again when you
          reply. We tell you by email when your consent is issued, together with the inspections you need to book.
        </p>

        <h2 id="get-help">Get help</h2>
        <p>
          Our building advisers are available Monday to Friday, 8:30am to 5pm. Call <a href="tel:+6430000000">03 000 0000</a> or{' '}
          <a href="/contact">send us a message</a>.
        </p>
        <h2 class="jump-links-ignore">Related guidance</h2>
        <ul>
          <li>
            <a href="/services/building-and-planning/inspections">Building inspections</a>
          </li>
          <li>
            <a href="/services/building-and-planning/resource-consents">Resource consents</a>
          </li>
        </ul>
      </>
    </Layout>
  );
}
