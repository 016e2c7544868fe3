import type { ReactNode } from 'react';

/** Small line icons drawn for the share panel (24×24, stroke in the text colour). Decorative only. */
export type ShareIconName = 'share' | 'facebook' | 'x' | 'linkedin' | 'email' | 'copy' | 'link';

const shapes: Record<ShareIconName, ReactNode> = {
  share: (
    <>
      <circle cx="18" cy="5" r="2.5" />
      <circle cx="6" cy="12" r="2.5" />
      <circle cx="18" cy="19" r="2.5" />
      <path d="M8.2 10.8 15.8 6.2M8.2 13.2l7.6 4.6" />
    </>
  ),
  facebook: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <path d="M16 7.5h-1.6c-1.3 0-1.9.7-1.9 1.9V21M9.5 12.5H16" />
    </>
  ),
  x: (
    <>
      <path d="M4 4h4.5L20 20h-4.5z" />
      <path d="M19.5 4 13.6 10.8M10.4 13.2 4.5 20" />
    </>
  ),
  linkedin: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <path d="M8 11v6M12 17v-6M12 14c0-2 1-3 2.5-3s2.5 1 2.5 3v3" />
      <circle cx="8" cy="7.8" r="0.6" />
    </>
  ),
  email: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="1.5" />
      <path d="m3.5 6 8.5 7 8.5-7" />
    </>
  ),
  copy: (
    <>
      <rect x="8" y="8" width="12" height="13" rx="1.5" />
      <path d="M16 8V4.5A1.5 1.5 0 0 0 14.5 3h-9A1.5 1.5 0 0 0 4 4.5v11A1.5 1.5 0 0 0 5.5 17H8" />
    </>
  ),
  link: <path d="M10 14a4 4 0 0 0 5.7 0l3-3A4 4 0 0 0 13 5.3l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />,
};

export function isShareIconName(name: string): name is ShareIconName {
  return Object.prototype.hasOwnProperty.call(shapes, name);
}

export function ShareIcon({ name }: { name: ShareIconName }) {
  return (
    <svg
      className={`share-panel__icon share-panel__icon--${name}`}
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {shapes[name]}
    </svg>
  );
}
