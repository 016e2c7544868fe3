import { ariaCurrentOf, type CurrentMatch, type NavNode } from '../../core/navigation-tree';
import { format } from '../../core/i18n';

interface NavLevelProps {
  /** The item whose children this level lists; null for the top level. */
  parent: NavNode | null;
  items: readonly NavNode[];
  /** Ids of this level's parts, for focus and aria-controls. */
  ids: LevelIds;
  /** Only the deepest open level is shown. */
  shown: boolean;
  /** The child open under this level (its button's index), if any; its level's id. */
  openChild: number | undefined;
  childLevelId: string;
  current: CurrentMatch<NavNode>;
  messages: { back: string; sectionLink: string };
  onOpenChild: (index: number) => void;
  onBack: () => void;
}

export interface LevelIds {
  level: string;
  heading: string;
  /** The id of the button that opens child `index` of this level. */
  item: (index: number) => string;
}

/**
 * One level of the overlay: a list of the items of one level of the tree. An item with children is a button that
 * opens the next level; a child level starts with Back, its heading, the section's summary and its own link.
 */
export function NavLevel({ parent, items, ids, shown, openChild, childLevelId, current, messages, onOpenChild, onBack }: NavLevelProps) {
  return (
    <div className="mobile-nav__level" id={ids.level} hidden={!shown}>
      {parent && (
        <>
          <button type="button" className="mobile-nav__back" onClick={onBack}>
            <span className="mobile-nav__chevron mobile-nav__chevron--back" aria-hidden="true" />
            {messages.back}
          </button>
          <h3 className="mobile-nav__heading" id={ids.heading} tabIndex={-1}>
            {parent.label}
          </h3>
          {parent.description && <p className="mobile-nav__summary">{parent.description}</p>}
        </>
      )}
      <ul className="mobile-nav__list">
        {parent?.href != null && (
          <li className="mobile-nav__item">
            <a className="mobile-nav__link mobile-nav__link--section" href={parent.href} aria-current={ariaCurrentOf(parent, current)}>
              {format(messages.sectionLink, { section: parent.label })}
            </a>
          </li>
        )}
        {items.map((item, index) => (
          <li className="mobile-nav__item" key={index}>
            {item.children.length > 0 ? (
              <button
                type="button"
                id={ids.item(index)}
                className="mobile-nav__link mobile-nav__opener"
                aria-expanded={openChild === index}
                aria-controls={openChild === index ? childLevelId : undefined}
                aria-current={ariaCurrentOf(item, current) ? 'true' : undefined}
                onClick={() => onOpenChild(index)}
              >
                {item.label}
                <span className="mobile-nav__chevron" aria-hidden="true" />
              </button>
            ) : item.href !== null ? (
              <a className="mobile-nav__link" href={item.href} aria-current={ariaCurrentOf(item, current)}>
                {item.label}
              </a>
            ) : (
              <span className="mobile-nav__text">{item.label}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
