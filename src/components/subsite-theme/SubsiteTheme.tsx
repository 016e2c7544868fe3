import { useLayoutEffect } from 'react';
import { Adopt, type ElementProps, type PropsOf } from '../../web-component';
import {
  COLOUR_PROPERTY,
  CONTRAST_PROPERTY,
  SECONDARY_COLOUR_PROPERTY,
  checkedColour,
  contrastColourFor,
  setProperty,
} from './theme-colours';

export const subsiteThemeAttributes = {
  /** The subsite's colour: any CSS colour. */
  colour: 'string',
  /** The subsite's secondary colour: any CSS colour. */
  secondaryColour: 'string',
} as const;

type SubsiteThemeProps = PropsOf<typeof subsiteThemeAttributes> & ElementProps;

/**
 * Themes a subsite's part of the page: its colours become the theme's custom properties on the element,
 * so every element inside picks them up, and the text colour for coloured surfaces follows the colour.
 */
export function SubsiteTheme({ host, serverNodes, colour, secondaryColour }: SubsiteThemeProps) {
  useLayoutEffect(() => {
    const value = checkedColour('colour', colour);
    const contrast = value === null ? null : contrastColourFor(value);
    if (value !== null && contrast === null) {
      console.warn(
        `<subsite-theme> colour: cannot work out a text colour for "${value}"; ${CONTRAST_PROPERTY} is left as the page sets it.`,
      );
    }
    setProperty(host.style, COLOUR_PROPERTY, value);
    setProperty(host.style, CONTRAST_PROPERTY, contrast);
  }, [host, colour]);

  useLayoutEffect(() => {
    setProperty(host.style, SECONDARY_COLOUR_PROPERTY, checkedColour('secondary-colour', secondaryColour));
  }, [host, secondaryColour]);

  return <Adopt nodes={serverNodes} className="subsite-theme__content" />;
}
