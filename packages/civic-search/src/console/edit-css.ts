/**
 * The editing screens' part of the console's stylesheet (synonyms, best bets, imports): forms, the preview's two
 * result lists side by side from 40rem and one above the other below it, and row actions that wrap on a phone.
 * Colours keep WCAG AA contrast against white.
 */
export const EDIT_CSS = `
.visually-hidden { position: absolute !important; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
textarea { font: inherit; padding: 0.375rem 0.5rem; border: 2px solid #1b1b1b; border-radius: 0; width: 100%; max-width: 36rem; }
textarea[aria-invalid="true"], input[type="file"][aria-invalid="true"] { border-color: #b50909; }
.edit-form { display: grid; gap: 0.5rem; max-width: 40rem; }
.edit-form h2 { margin-bottom: 0; }
.buttons { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: center; margin-top: 1rem; }
button.secondary { padding: 0.25rem 0.75rem; background: #fff; color: #005ea2; }
button.danger { border-color: #b50909; background: #b50909; }
.actions { display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; padding: 0; list-style: none; }
.list-search, .inline-field { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: flex-end; }
.list-search label { flex-basis: 100%; }
.row-actions { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; }
.doc-list { padding-left: 1.5rem; }
.doc-list li { margin: 0.5rem 0; }
.doc-list li.draggable { cursor: grab; padding: 0.25rem; border: 1px dashed #a9aeb1; }
.doc-list li.dragging { opacity: 0.6; border-style: solid; border-color: #005ea2; }
.doc-actions { display: flex; flex-wrap: wrap; gap: 0.5rem; margin-top: 0.25rem; }
.result-title { display: block; font-weight: 700; overflow-wrap: anywhere; }
.result-url { display: block; color: #454545; overflow-wrap: anywhere; }
.tag { display: inline-block; margin: 0.125rem 0.5rem 0 0; padding: 0 0.375rem; border: 1px solid #1b1b1b; font-size: 0.875rem; }
.preview-sides { display: grid; gap: 1rem; }
@media (min-width: 40rem) { .preview-sides { grid-template-columns: 1fr 1fr; } }
.preview-side { border: 1px solid #a9aeb1; padding: 0 1rem; min-width: 0; }
.preview-side h3 { margin: 0.75rem 0 0; }
.preview-results { padding-left: 1.5rem; }
.preview-results li { margin: 0.375rem 0; }
.pager { display: flex; flex-wrap: wrap; gap: 1rem; margin: 1rem 0; }
code { overflow-wrap: anywhere; }
`;
