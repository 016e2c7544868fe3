import type { MouseEvent } from 'react';
import { format } from '../../core/i18n';
import type { ResultView } from '../../core/search-result-view';
import type { SearchResultsMessages } from './messages';

interface ResultItemProps {
  result: ResultView;
  t: SearchResultsMessages;
  /** The visitor follows the result's link (a click, or a middle click that opens a tab). */
  onFollow: (result: ResultView) => void;
}

/** A result: its title linked, the snippet with the matched words in <mark> (text only, never markup), type and date. */
export function ResultItem({ result, t, onFollow }: ResultItemProps) {
  const follow = () => onFollow(result);
  const middleClick = (event: MouseEvent) => {
    if (event.button === 1) follow();
  };
  return (
    <li className="search-results__item">
      <h3 className="search-results__item-title">
        {result.href ? (
          <a href={result.href} onClick={follow} onAuxClick={middleClick}>
            {result.title}
          </a>
        ) : (
          result.title
        )}
      </h3>
      {result.description.length > 0 && (
        <p className="search-results__snippet">
          {result.description.map((part, index) => (part.highlighted ? <mark key={index}>{part.text}</mark> : part.text))}
        </p>
      )}
      {(result.type || result.date || result.meta.length > 0) && (
        <p className="search-results__meta">
          {result.type && <span className="search-results__type">{result.type}</span>}
          {result.date && <span>{formatPublished(t.published, result)}</span>}
          {result.meta.map((text, index) => (
            <span key={index}>{text}</span>
          ))}
        </p>
      )}
    </li>
  );
}

/** "Published 09/03/2026" with the date in <time>, wherever the message puts `{date}`. */
function formatPublished(message: string, result: ResultView) {
  const [before, after = ''] = message.split('{date}');
  if (!message.includes('{date}')) return format(message, { date: result.date });
  return (
    <>
      {before}
      <time dateTime={result.dateIso}>{result.date}</time>
      {after}
    </>
  );
}
