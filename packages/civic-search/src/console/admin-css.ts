/**
 * The keys, log settings, documents and crawls screens' own rules, after the console's stylesheet. Their class names
 * are their own (`admin-form`, `admin-choice`, `confirm-actions`), so other screens' forms keep their own look.
 */
export const ADMIN_CSS = `
.visually-hidden { position: absolute !important; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
caption { text-align: left; font-weight: 700; padding: 0.25rem 0; }
.admin-form { display: grid; grid-template-columns: minmax(0, 1fr); gap: 1rem; max-width: 36rem; }
.admin-form input[type="text"], .admin-form input:not([type]) { width: 100%; }
.admin-form input.short { width: 8rem; }
fieldset { border: 1px solid #a9aeb1; padding: 0.5rem 1rem 1rem; margin: 0; min-width: 0; }
legend { font-weight: 700; padding: 0 0.25rem; }
.admin-choice { display: grid; grid-template-columns: auto 1fr; gap: 0 0.5rem; align-items: start; margin: 0.5rem 0; }
.admin-choice input { margin: 0.3rem 0 0; width: 1.25rem; height: 1.25rem; }
.admin-choice label { font-weight: 400; }
.admin-choice .hint { grid-column: 2; }
.engine-choices { list-style: none; padding-left: 1.75rem; margin: 0; }
.button-link { display: inline-block; padding: 0.5rem 1rem; border: 2px solid #005ea2; background: #005ea2; color: #fff; text-decoration: none; }
.button-link:visited { color: #fff; }
button.danger { border-color: #b50909; background: #b50909; }
.confirm-actions { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; }
.warning { border-left: 6px solid #b50909; padding: 0.5rem 1rem; background: #fbe9e9; }
.key-once { border: 4px solid #005ea2; padding: 0.5rem 1rem 1rem; margin-bottom: 1rem; }
.key-value { width: 100%; font-family: ui-monospace, Menlo, Consolas, monospace; }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
.facts dt { font-weight: 700; }
.facts dd { margin: 0; overflow-wrap: anywhere; }
.pager { display: flex; flex-wrap: wrap; gap: 1rem; margin: 1rem 0; }
.inline-fields { display: flex; flex-wrap: wrap; gap: 0.5rem; }
.inline-fields input { flex: 1 1 12rem; }
.document-list { padding-left: 1.25rem; overflow-wrap: anywhere; }
.field-value { white-space: pre-wrap; }
code { overflow-wrap: anywhere; }
`;
