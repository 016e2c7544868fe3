/**
 * A step's markup and a failure's body go through the kit's one sanitiser (src/components/shared/sanitize-html.ts):
 * a `step` keeps forms (posting to this site only), ids and images; a `message` keeps text and its structure only.
 */
export { sanitizeHtml } from '../shared/sanitize-html';
