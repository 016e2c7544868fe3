/** @jsxImportSource hono/jsx */
import { type ApiResult, formatDisplayDate, parseIsoDate } from 'civic-elements/core';
import { snippetParts } from './snippet-parts';

type Field = { raw?: unknown; snippet?: string | null };

function field(result: ApiResult, name: string): Field {
  return (result[name] as Field | undefined) ?? {};
}

function rawText(result: ApiResult, name: string): string {
  const raw = field(result, name).raw;
  return typeof raw === 'string' ? raw : '';
}

/** Links only to this site's pages or to web addresses; anything else (a `javascript:` URL) gets no link. */
function safeHref(url: string): string | undefined {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  return /^https?:\/\//i.test(url) ? url : undefined;
}

/** The body's snippet when the words were found there, else the summary's (highlighted or plain). */
function description(result: ApiResult): string {
  const body = field(result, 'body').snippet;
  if (body && body.includes('<em>')) return body;
  return field(result, 'summary').snippet ?? '';
}

/** Snippet text with the matched words in <mark>; no markup from the snippet is ever rendered as markup. */
export function Snippet({ snippet }: { snippet: string }) {
  return <>{snippetParts(snippet).map((part) => (part.highlighted ? <mark>{part.text}</mark> : part.text))}</>;
}

export function SearchResultItem({ result }: { result: ApiResult }) {
  const title = rawText(result, 'title') || result._meta.id;
  const href = safeHref(rawText(result, 'url'));
  const type = rawText(result, 'document_type');
  const topic = rawText(result, 'topic');
  const publishedIso = rawText(result, 'published_date');
  const published = parseIsoDate(publishedIso);
  const text = description(result);
  return (
    <li class="filters__result" data-result>
      <h3 class="filters__result-title">{href ? <a href={href}>{title}</a> : title}</h3>
      {text && (
        <p class="filters__result-summary">
          <Snippet snippet={text} />
        </p>
      )}
      <p class="filters__result-meta">
        {type && <span class="filters__result-type">{type}</span>}
        {published && (
          <span>
            Published <time datetime={publishedIso}>{formatDisplayDate(published)}</time>
          </span>
        )}
        {topic && <span>{topic}</span>}
      </p>
    </li>
  );
}
