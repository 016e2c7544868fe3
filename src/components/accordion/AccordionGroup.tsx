import { createElement, useEffect, useLayoutEffect, useState } from 'react';
import { Adopt, dispatch, useMessages, useServerContent, useKitId, type ElementProps } from '../../web-component';
import { parseSections, type AccordionSection } from './parse-sections';

export const accordionMessages = {
  showAll: 'Show all sections',
  hideAll: 'Hide all sections',
};

export const accordionAttributes = {} as const;

declare module '../../web-component/events' {
  interface CivicEventDetails {
    /** A section opened or closed. */
    'accordion-toggle': { index: number; open: boolean; heading: string };
  }
}

/** APG: more than six regions would crowd the landmark list, so panels are regions only up to six. */
const MAX_REGIONS = 6;

export function AccordionGroup({ host, serverNodes, i18n }: ElementProps) {
  const t = useMessages(accordionMessages, i18n, 'accordion-group');
  const { sections, strays } = useServerContent(serverNodes, parseSections);
  const [open, setOpen] = useState<boolean[]>(() => sections.map((s) => s.initiallyOpen));
  const baseId = useKitId('accordion');

  useEffect(() => {
    if (sections.length === 0) console.warn('<accordion-group>: no sections found. Each child needs an h2 to h6 as its first element.');
  }, [sections]);

  // A link to something inside a closed section opens that section: before the first paint on arrival, and from the
  // first commit on for later links.
  useLayoutEffect(() => {
    const openForHash = () => {
      const target = location.hash.length > 1 ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
      if (!target) return;
      const index = sections.findIndex((s) => s.heading === target || s.content.some((node) => node === target || node.contains(target)));
      if (index >= 0) setOpen((current) => current.map((value, i) => value || i === index));
    };
    openForHash();
    window.addEventListener('hashchange', openForHash);
    return () => window.removeEventListener('hashchange', openForHash);
  }, [sections]);

  const setSection = (index: number, next: boolean) => {
    setOpen((current) => current.map((value, i) => (i === index ? next : value)));
    dispatch(host, 'accordion-toggle', { index, open: next, heading: sections[index].title });
  };
  const allOpen = open.length > 0 && open.every(Boolean);

  return (
    <div className="accordion">
      {sections.length > 1 && (
        <button type="button" className="accordion__toggle-all" aria-expanded={allOpen} onClick={() => setOpen(open.map(() => !allOpen))}>
          {allOpen ? t.hideAll : t.showAll}
        </button>
      )}
      {sections.map((section, index) => (
        <Section
          key={index}
          section={section}
          id={`${baseId}-${index}`}
          open={open[index]}
          region={sections.length <= MAX_REGIONS}
          onToggle={() => setSection(index, !open[index])}
          onReveal={() => setSection(index, true)}
        />
      ))}
      {strays.length > 0 && <Adopt nodes={strays} />}
    </div>
  );
}

interface SectionProps {
  section: AccordionSection;
  id: string;
  open: boolean;
  region: boolean;
  onToggle: () => void;
  /** The browser found text in the closed panel (find in page, a link to text) and is about to show it. */
  onReveal: () => void;
}

function Section({ section, id, open, region, onToggle, onReveal }: SectionProps) {
  const buttonId = `${id}-button`;
  const panelId = `${id}-panel`;

  // A closed panel stays findable: the browser's find in page can reveal it, and the section opens.
  useLayoutEffect(() => {
    const panel = document.getElementById(panelId);
    if (!panel || open) return;
    panel.setAttribute('hidden', 'until-found');
    panel.addEventListener('beforematch', onReveal);
    return () => panel.removeEventListener('beforematch', onReveal);
  }, [open, panelId, onReveal]);

  const heading = createElement(
    section.heading.localName,
    { className: `accordion__heading ${section.heading.className}`.trim(), id: section.heading.id || undefined },
    <button type="button" id={buttonId} className="accordion__button" aria-expanded={open} aria-controls={panelId} onClick={onToggle}>
      <Adopt as="span" className="accordion__label" nodes={section.label} />
      <span className="accordion__icon" aria-hidden="true" />
    </button>,
  );
  return (
    <div className="accordion__section" data-open={open ? '' : undefined}>
      {heading}
      <Adopt
        id={panelId}
        className="accordion__panel"
        role={region ? 'region' : undefined}
        aria-labelledby={region ? buttonId : undefined}
        hidden={!open}
        nodes={section.content}
      />
    </div>
  );
}
