/** @jsxImportSource hono/jsx */

/**
 * The filter every report page has, as a GET form so the range and tag stay in the page's address: a link or a
 * bookmark shows the same report, and it works without JavaScript.
 */
export function ReportFilterForm({ from, to, tag }: { from: string; to: string; tag: string }) {
  return (
    <form method="get" class="date-range">
      <div>
        <label htmlFor="from">From</label>
        <input id="from" name="from" type="date" value={from} required />
      </div>
      <div>
        <label htmlFor="to">To</label>
        <input id="to" name="to" type="date" value={to} required />
      </div>
      <div>
        <label htmlFor="tag">Tag</label>
        <p id="tag-hint" class="hint">
          Optional: only searches sent with this tag.
        </p>
        <input id="tag" name="tag" type="text" value={tag} aria-describedby="tag-hint" spellcheck={false} />
      </div>
      <button type="submit">Show</button>
    </form>
  );
}
