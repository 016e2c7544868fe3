/** @jsxImportSource hono/jsx */
import { Layout } from '../Layout';
import { site } from '../site';

export function ContactPage() {
  return (
    <Layout title="Contact us" path="/contact">
      <h1>Contact us</h1>
      <p class="lead">Talk to us by phone, email or at the service centre.</p>
      <h2>Phone</h2>
      <p>
        <a href="tel:+6430000000">03 000 0000</a>, Monday to Friday, 8:30am to 5pm. For urgent roading and water problems, call any time.
      </p>
      <h2>Email</h2>
      <p>
        <a href="mailto:info@harbourton.govt.nz">info@harbourton.govt.nz</a>. We reply within 2 working days.
      </p>
      <h2>Service centre</h2>
      <address>
        {site.name}
        <br />1 Wharf Street
        <br />
        Harbourton 9016
      </address>
    </Layout>
  );
}
