/** @jsxImportSource hono/jsx */
import type { Child } from 'hono/jsx';

export interface DocTableProps {
  /** Unique on the page: the caption's id is built from it. */
  id: string;
  /** Names the table (visually hidden: the section heading above says the same). */
  caption: string;
  columns: readonly string[];
  /** Each row's first cell names it (a row header). */
  rows: readonly Child[][];
}

/**
 * A reference table, in a <data-table> so that it scrolls sideways on a narrow screen. Before the element
 * upgrades (or without JavaScript) the host itself is the labelled, focusable scroll region, as its README asks.
 */
export function DocTable({ id, caption, columns, rows }: DocTableProps) {
  const captionId = `${id}-caption`;
  return (
    <data-table tabindex={0} role="region" aria-labelledby={captionId}>
      <table class="table">
        <caption id={captionId} class="civic-visually-hidden">
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col">{column}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([name, ...cells]) => (
            <tr>
              <th scope="row">{name}</th>
              {cells.map((cell) => (
                <td>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </data-table>
  );
}
