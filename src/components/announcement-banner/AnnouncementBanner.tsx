import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { announcementTimestamp, shouldShowAnnouncement } from '../../core/announcement';
import { Adopt, dispatch, useLatest, useMessages, useServerContent, useKitId, type ElementProps } from '../../web-component';
import { readDismissedTimestamp, rememberDismissal } from './announcement-cookie';
import { focusAfterClose } from './focus-after-close';
import { parseAnnouncement } from './parse-announcement';

export const announcementBannerMessages = {
  /** Names the region when the announcement has no heading. */
  label: 'Announcement',
  /** The close button's visible text. */
  close: 'Close',
  /** The close button's accessible name: starts with the visible text, says what it closes. */
  closeLabel: 'Close announcement',
};

export const announcementBannerAttributes = { dataTimestamp: 'string', dataExpires: 'string', returnFocus: 'string' } as const;

declare module '../../web-component/events' {
  interface CivicEventDetails {
    /** The visitor closed the banner. `timestamp` is its data-timestamp (null: it could not be remembered). */
    'announcement-dismiss': { timestamp: string | null };
  }
}

interface AnnouncementBannerProps extends ElementProps {
  dataTimestamp: string | undefined;
  dataExpires: string | undefined;
  returnFocus: string | undefined;
}

/** Banners this code hid (never unhide one the server or the page hid). Survives a remount. */
const hiddenByBanner = new WeakSet<HTMLElement>();

function setHidden(host: HTMLElement, hide: boolean) {
  if (hide && !host.hidden) {
    host.toggleAttribute('hidden', true);
    hiddenByBanner.add(host);
  } else if (!hide && hiddenByBanner.has(host)) {
    host.toggleAttribute('hidden', false);
    hiddenByBanner.delete(host);
  }
}

export function AnnouncementBanner({ host, serverNodes, i18n, dataTimestamp, dataExpires, returnFocus }: AnnouncementBannerProps) {
  const t = useMessages(announcementBannerMessages, i18n, 'announcement-banner');
  const { nodes, heading, closeForm, closeButton } = useServerContent(serverNodes, parseAnnouncement);
  const timestamp = announcementTimestamp(dataTimestamp);
  const [closedThisView, setClosedThisView] = useState(false);
  const generatedId = `${useKitId('announcement')}-heading`;
  const headingId = heading ? heading.id || generatedId : undefined;

  // The heading names the region; give it an id when the server did not.
  useLayoutEffect(() => {
    if (heading && !heading.id) heading.setAttribute('id', generatedId);
  }, [heading, generatedId]);

  // Hidden before the first paint when the visitor closed this announcement; shown again for a new one.
  useLayoutEffect(() => {
    setHidden(host, closedThisView || !shouldShowAnnouncement(readDismissedTimestamp(), timestamp));
  }, [host, closedThisView, timestamp]);

  useEffect(() => {
    if (nodes.length === 0) console.warn('<announcement-banner>: it has no content. Put the announcement (a heading and text) inside it.');
  }, [nodes]);

  const close = () => {
    if (timestamp) {
      const warning = rememberDismissal(timestamp, dataExpires);
      if (warning) console.warn(`<announcement-banner> ${warning}`);
    } else {
      console.warn(
        '<announcement-banner>: it has no data-timestamp, so closing it cannot be remembered; it closes for this page view only.',
      );
    }
    setHidden(host, true);
    setClosedThisView(true);
    focusAfterClose(host, returnFocus);
    dispatch(host, 'announcement-dismiss', { timestamp: timestamp ?? null });
  };
  // The form's listener outlives a render: it calls the latest close.
  const latestClose = useLatest(close);
  const closeFormNodes = useMemo(() => (closeForm ? [closeForm] : []), [closeForm]);

  // The server's close form posts to the server when there is no script. Enhanced, its button is the usual
  // Close button: the banner closes in place, the cookie is written here, and no page loads. Listening before
  // the first paint: a press right after the upgrade must not fall through to a post.
  useLayoutEffect(() => {
    if (!closeForm) return;
    if (closeButton) {
      closeButton.classList.add('announcement-banner__close');
      if (!closeButton.hasAttribute('aria-label') && !closeButton.hasAttribute('aria-labelledby')) {
        closeButton.setAttribute('aria-label', t.closeLabel);
      }
    }
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      latestClose.current();
    };
    closeForm.addEventListener('submit', onSubmit);
    return () => closeForm.removeEventListener('submit', onSubmit);
  }, [closeForm, closeButton, t.closeLabel, latestClose]);

  useEffect(() => {
    if (closeForm && !closeButton) console.warn('<announcement-banner>: the close form has no submit button; it cannot be closed.');
  }, [closeForm, closeButton]);

  return (
    <div className="announcement-banner" role="region" aria-labelledby={headingId} aria-label={headingId ? undefined : t.label}>
      <Adopt className="announcement-banner__content" nodes={nodes} />
      {closeForm ? (
        <Adopt className="announcement-banner__close-slot" nodes={closeFormNodes} />
      ) : (
        <button type="button" className="announcement-banner__close" aria-label={t.closeLabel} onClick={close}>
          <span className="announcement-banner__close-text">{t.close}</span>
          <svg className="announcement-banner__close-icon" aria-hidden="true" focusable="false" viewBox="0 0 16 16" width="16" height="16">
            <path d="M3 3l10 10M13 3 3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
          </svg>
        </button>
      )}
    </div>
  );
}
