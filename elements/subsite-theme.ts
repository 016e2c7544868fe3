import { SubsiteTheme, subsiteThemeAttributes } from '../src/components/subsite-theme/SubsiteTheme';
import { createCustomElement, defineOnce } from '../src/web-component';

export const SubsiteThemeElement = createCustomElement('subsite-theme', SubsiteTheme, subsiteThemeAttributes);

/** Registers `<subsite-theme>` (or another tag of your choosing). */
export const define = (tag = 'subsite-theme') => defineOnce(tag, SubsiteThemeElement);
define();

declare global {
  interface HTMLElementTagNameMap {
    'subsite-theme': InstanceType<typeof SubsiteThemeElement>;
  }
}
