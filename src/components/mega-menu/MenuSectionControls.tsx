import { useLayoutEffect } from 'react';
import { splitAround } from '../../core/navigation-tree';
import { Adopt } from '../../web-component';
import type { MenuSection } from './parse-mega-menu';

interface MenuSectionControlsProps {
  section: MenuSection;
  open: boolean;
  buttonId: string;
  panelId: string;
  /** `true` when the current page is in this section. */
  current: 'true' | undefined;
  /** The message around the section link's own text, e.g. `All {section}`. */
  sectionLink: string;
  onToggle: () => void;
}

/**
 * Rendered into a top-level item (a portal into the server's `<li>`): the disclosure button, then the panel, into
 * which the item's own nodes move (its link first, then its summary and child list). Nothing is copied but the
 * label text of the button.
 */
export function MenuSectionControls({ section, open, buttonId, panelId, current, sectionLink, onToggle }: MenuSectionControlsProps) {
  const { node } = section;

  // The section's link reads "All Rates and property": the message's words go around the link's own content.
  useLayoutEffect(() => {
    const link = node.link;
    if (!link) return;
    const [before, after] = splitAround(sectionLink, '{section}');
    const added = [
      ...(before ? [link.insertBefore(document.createTextNode(before), link.firstChild)] : []),
      ...(after ? [link.appendChild(document.createTextNode(after))] : []),
    ];
    link.classList.add('mega-menu__section-link');
    return () => {
      for (const text of added) text.remove();
      link.classList.remove('mega-menu__section-link');
    };
  }, [node.link, sectionLink]);

  return (
    <>
      <button
        type="button"
        id={buttonId}
        className={`mega-menu__button ${section.linkClass}`.trim()}
        aria-expanded={open}
        aria-controls={panelId}
        aria-current={current}
        onClick={onToggle}
      >
        {section.buttonNodes.length > 0 ? (
          <Adopt as="span" className="mega-menu__label" nodes={section.buttonNodes} />
        ) : (
          <span className="mega-menu__label">{node.label}</span>
        )}
        <span className="mega-menu__icon" aria-hidden="true" />
      </button>
      <Adopt id={panelId} className="mega-menu__panel" hidden={!open} nodes={section.panelNodes} />
    </>
  );
}
