/** @jsxImportSource hono/jsx */

export interface Crumb {
  title: string;
  href: string;
}

/** The path from the home page to the page's parent. */
export function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  return (
    <nav class="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {[{ title: 'Home', href: '/' }, ...trail].map((crumb) => (
          <li>
            <a href={crumb.href}>{crumb.title}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
