import { EDIT_CSS } from './edit-css';
import { ADMIN_CSS } from './admin-css';
import { OVERVIEW_CSS } from './overview-css';

/**
 * The console's one stylesheet, served from the service (a same-origin file, as the Content-Security-Policy
 * allows no inline style). Contrast meets WCAG AA, focus is always visible, and nothing needs more than 320 px.
 */
export const CONSOLE_CSS = `
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; font: 1rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1b1b1b; background: #fff; }
a { color: #005ea2; }
a:visited { color: #54278f; }
:focus-visible { outline: 3px solid #ffbf47; outline-offset: 2px; box-shadow: 0 0 0 5px #1b1b1b; }
.skip-link { position: absolute; left: 0.5rem; top: -3rem; padding: 0.5rem 1rem; background: #fff; z-index: 1; }
.skip-link:focus { top: 0.5rem; }
.console-header { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; justify-content: space-between; padding: 0.75rem 1rem; background: #1b1b1b; color: #fff; }
.console-header a, .console-header a:visited { color: #fff; }
.console-name { margin: 0; font-weight: 700; }
main { display: block; max-width: 60rem; margin: 0 auto; padding: 1rem; }
main:focus { outline: none; }
h1 { font-size: 1.75rem; line-height: 1.2; margin: 0.5rem 0 1rem; overflow-wrap: anywhere; }
h2 { font-size: 1.25rem; margin: 1.5rem 0 0.5rem; }
label { display: block; font-weight: 700; }
.hint { margin: 0 0 0.25rem; color: #454545; }
input { font: inherit; padding: 0.375rem 0.5rem; border: 2px solid #1b1b1b; border-radius: 0; max-width: 100%; }
input[aria-invalid="true"] { border-color: #b50909; }
button { font: inherit; padding: 0.5rem 1rem; border: 2px solid #005ea2; background: #005ea2; color: #fff; cursor: pointer; }
.console-header button { border-color: #fff; background: transparent; }
.sign-in { display: grid; gap: 0.5rem; max-width: 24rem; }
.sign-in input { width: 100%; }
.problem { border: 4px solid #b50909; padding: 0 1rem; margin-bottom: 1rem; }
.notice { border-left: 6px solid #005ea2; padding: 0.5rem 1rem; background: #e7f2fa; }
.date-range { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-end; }
.table-scroll { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 0.375rem 0.5rem; border-bottom: 1px solid #a9aeb1; overflow-wrap: anywhere; }
tbody th { font-weight: 400; }
.number { text-align: right; font-variant-numeric: tabular-nums; }
.engine-list { padding-left: 1.25rem; }
.engine-nav { margin: 0 0 1.5rem; border-bottom: 1px solid #a9aeb1; }
.engine-nav ul { display: flex; flex-wrap: wrap; gap: 0.25rem 1.5rem; margin: 0; padding: 0; list-style: none; }
.engine-nav a { display: inline-block; padding: 0.5rem 0; }
.engine-nav a[aria-current="page"] { color: #1b1b1b; font-weight: 700; text-decoration: none; box-shadow: inset 0 -4px 0 #005ea2; }
textarea, select { font: inherit; padding: 0.375rem 0.5rem; border: 2px solid #1b1b1b; border-radius: 0; max-width: 100%; background: #fff; }
textarea { width: 100%; }
textarea[aria-invalid="true"] { border-color: #b50909; }
fieldset { border: 1px solid #a9aeb1; margin: 0 0 1rem; padding: 0.5rem 1rem 1rem; min-inline-size: 0; }
legend { font-weight: 700; padding: 0 0.25rem; }
.stacked-form { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0.5rem; }
.field-row { display: flex; flex-wrap: wrap; gap: 0.75rem 1rem; align-items: flex-end; }
.choice { display: flex; gap: 0.5rem; align-items: center; }
.choice label { font-weight: 400; }
.buttons { display: flex; flex-wrap: wrap; gap: 1rem; }
button.danger { border-color: #b50909; background: #b50909; }
.plain-list { list-style: none; margin: 0; padding: 0; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
caption { text-align: left; font-weight: 700; padding: 0.5rem 0; }
.columns { display: grid; grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr)); gap: 1rem; }
.columns h4 { margin: 0.5rem 0; }
th.number, td.number { overflow-wrap: normal; white-space: nowrap; }
${OVERVIEW_CSS}` + EDIT_CSS + ADMIN_CSS;
