import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { buildShareLinks, networkOfHref, resolveShareUrl } from '../../core/share-links';
import { format } from '../../core/i18n';
import { Adopt, dispatch, useLatest, useMessages, useServerContent, useKitId, type ElementProps } from '../../web-component';
import { copyToClipboard } from './copy-to-clipboard';
import { parseShareContent } from './parse-share-list';
import { ShareIcon, isShareIconName } from './ShareIcon';
import { useDismiss } from './use-dismiss';
import { usePanelAlignment } from './use-panel-alignment';

export const sharePanelMessages = {
  toggle: 'Share this page',
  facebook: 'Facebook',
  x: 'X (Twitter)',
  linkedin: 'LinkedIn',
  email: 'Email',
  copyLink: 'Copy link',
  copied: 'Link copied',
  copyFailed: 'The link could not be copied automatically. It is selected in the field below: copy it from there.',
  linkField: 'Link to this page',
  newTab: '(opens in new tab)',
  emailSubject: '{title}',
  emailBody: '{title}\n{url}',
};

export const sharePanelAttributes = { url: 'string', pageTitle: 'string' } as const;

declare module '../../web-component/events' {
  interface CivicEventDetails {
    /** The share panel opened or closed. */
    'share-panel-toggle': { open: boolean };
    /**
     * A share link was followed (`network`: facebook, x, linkedin, email, or the host name of another
     * server-rendered link) or the link was copied (`network`: copy). `url` is the address shared.
     */
    'share-panel-share': { network: string; url: string };
  }
}

interface SharePanelProps extends ElementProps {
  url: string | undefined;
  pageTitle: string | undefined;
}

type CopyState = { result: 'idle' } | { result: 'copied' | 'failed'; attempt: number };

const opensNewTab = (href: string) => /^https?:/i.test(href);
const iconFor = (network: string) => (isShareIconName(network) ? network : 'link');

export function SharePanel({ host, serverNodes, i18n, url, pageTitle }: SharePanelProps) {
  const t = useMessages(sharePanelMessages, i18n, 'share-panel');
  const content = useServerContent(serverNodes, parseShareContent);
  const [open, setOpen] = useState(false);
  const [copy, setCopy] = useState<CopyState>({ result: 'idle' });
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const fieldRef = useRef<HTMLInputElement>(null);
  const panelId = `${useKitId('share')}-panel`;
  const fieldId = `${panelId}-link`;

  const share = resolveShareUrl(url, location.href);
  const title = pageTitle?.trim() || document.title.trim() || share.url;
  const text = { title, url: share.url };
  const builtLinks = content.list ? [] : buildShareLinks(text, { subject: format(t.emailSubject, text), body: format(t.emailBody, text) });

  useEffect(() => {
    if (share.warning) console.warn(`<share-panel> url: ${share.warning}`);
  }, [share.warning]);

  const changeOpen = useCallback(
    (next: boolean) => {
      setOpen(next);
      setCopy({ result: 'idle' });
      dispatch(host, 'share-panel-toggle', { open: next });
    },
    [host],
  );

  const dismiss = useCallback(
    (byEscape: boolean) => {
      changeOpen(false);
      if (byEscape) toggleRef.current?.focus();
    },
    [changeOpen],
  );
  useDismiss(host, open, dismiss);
  const alignment = usePanelAlignment(host, toggleRef, panelRef, open);

  // Server links: open in a new tab without handing the page to the network, and style like built ones.
  useLayoutEffect(() => {
    content.list?.classList.add('share-panel__list');
    for (const link of content.links) {
      link.classList.add('share-panel__link');
      if (!opensNewTab(link.href)) continue;
      link.setAttribute('target', '_blank');
      link.relList.add('noopener', 'noreferrer');
    }
  }, [content]);

  // Following a share link (mouse or keyboard: both are clicks) tells the page.
  const sharedUrl = useLatest(share.url);
  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null;
      if (!link?.closest('.share-panel__list') || !panel.contains(link)) return;
      dispatch(host, 'share-panel-share', { network: link.dataset.network ?? networkOfHref(link.href), url: sharedUrl.current });
    };
    panel.addEventListener('click', onClick);
    return () => panel.removeEventListener('click', onClick);
  }, [host, sharedUrl]);

  // When copying failed, the address is shown selected (as the message shows) so a visitor can copy it themselves.
  useLayoutEffect(() => {
    if (copy.result !== 'failed') return;
    fieldRef.current?.focus();
    fieldRef.current?.select();
  }, [copy]);

  const copyLink = async () => {
    const attempt = copy.result === 'idle' ? 1 : copy.attempt + 1;
    const copied = await copyToClipboard(share.url);
    setCopy({ result: copied ? 'copied' : 'failed', attempt });
    if (copied) dispatch(host, 'share-panel-share', { network: 'copy', url: share.url });
  };

  // A repeated message is changed invisibly (a trailing no-break space) so screen readers announce it again.
  const status =
    copy.result === 'idle' ? '' : `${copy.result === 'copied' ? t.copied : t.copyFailed}${copy.attempt % 2 === 0 ? '\u00a0' : ''}`;
  const newTabNote = <span className="share-panel__new-tab civic-visually-hidden"> {t.newTab}</span>;

  return (
    <div className="share-panel" data-open={open ? '' : undefined}>
      <button
        ref={toggleRef}
        type="button"
        className="share-panel__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => changeOpen(!open)}
      >
        <ShareIcon name="share" />
        <span>{t.toggle}</span>
      </button>
      <div ref={panelRef} id={panelId} className="share-panel__panel" data-align={alignment} hidden={!open}>
        {content.nodes.length > 0 && <Adopt className="share-panel__server" nodes={content.nodes} />}
        {builtLinks.length > 0 && (
          <ul className="share-panel__list">
            {builtLinks.map(({ network, href }) => (
              <li key={network}>
                <a
                  className="share-panel__link"
                  href={href}
                  data-network={network}
                  target={opensNewTab(href) ? '_blank' : undefined}
                  rel={opensNewTab(href) ? 'noopener noreferrer' : undefined}
                >
                  <ShareIcon name={network} />
                  {t[network]}
                  {opensNewTab(href) && newTabNote}
                </a>
              </li>
            ))}
          </ul>
        )}
        <button type="button" className="share-panel__copy" onClick={copyLink}>
          <ShareIcon name="copy" />
          {t.copyLink}
        </button>
        <p className={`share-panel__status share-panel__status--${copy.result}`} role="status">
          {status}
        </p>
        {copy.result === 'failed' && (
          <div className="share-panel__fallback">
            <label className="share-panel__field-label" htmlFor={fieldId}>
              {t.linkField}
            </label>
            <input
              ref={fieldRef}
              id={fieldId}
              className="share-panel__field"
              type="url"
              readOnly
              value={share.url}
              onFocus={(event) => event.currentTarget.select()}
            />
          </div>
        )}
      </div>
      {/* Icons and the new-tab note go inside the server's own links: drawn by React, the links stay the server's. */}
      {content.links.map((link, index) =>
        createPortal(
          <>
            <ShareIcon name={iconFor(networkOfHref(link.href))} />
            {opensNewTab(link.href) && newTabNote}
          </>,
          link,
          `server-link-${index}`,
        ),
      )}
    </div>
  );
}
