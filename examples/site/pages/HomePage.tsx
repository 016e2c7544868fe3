/** @jsxImportSource hono/jsx */
import { Layout } from '../Layout';
import { navigation } from '../navigation';
import { site } from '../site';

export function HomePage() {
  return (
    <Layout title="Home" path="/" wide>
      <section class="hero">
        <h1>Welcome to {site.name}</h1>
        <p class="lead">Find services, pay your rates, check collection days and tell us what you think.</p>
      </section>
      <h2>Popular tasks</h2>
      <ul class="card-list">
        <li class="card">
          <a href="/guidance/building-consent">Apply for a building consent</a>
          <p>When you need one, fees and how to apply.</p>
        </li>
        <li class="card">
          <a href="/services/rates-and-property/pay-your-rates">Pay your rates</a>
          <p>Ways to pay and due dates for 2026/27.</p>
        </li>
        <li class="card">
          <a href="/services/rubbish-and-recycling/collection-days">Find your collection day</a>
          <p>Including holiday changes.</p>
        </li>
      </ul>
      <h2>Services</h2>
      <ul class="card-list">
        {navigation
          .filter((item) => item.children)
          .map((item) => (
            <li class="card">
              <a href={item.href}>{item.title}</a>
              <p>{item.summary}</p>
            </li>
          ))}
      </ul>
    </Layout>
  );
}
