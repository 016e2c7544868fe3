/** axe-core's browser script: no exports, it sets `window.axe`. */
declare module 'axe-core/axe.min.js';
