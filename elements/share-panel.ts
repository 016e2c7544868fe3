import { SharePanel, sharePanelAttributes } from '../src/components/share-panel/SharePanel';
import { createCustomElement, defineOnce } from '../src/web-component';

export const SharePanelElement = createCustomElement('share-panel', SharePanel, sharePanelAttributes);

/** Registers `<share-panel>` (or another tag of your choosing). */
export const define = (tag = 'share-panel') => defineOnce(tag, SharePanelElement);
define();

declare global {
  interface HTMLElementTagNameMap {
    'share-panel': InstanceType<typeof SharePanelElement>;
  }
}
