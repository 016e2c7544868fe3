/** The styles of the overview and the query page (appended to the console's stylesheet). */
export const OVERVIEW_CSS = `
.overview-totals { display: flex; flex-wrap: wrap; gap: 0.5rem 2rem; margin: 0 0 0.5rem; }
.overview-totals dt { color: #454545; }
.overview-totals dd { margin: 0; font-size: 1.5rem; font-weight: 700; font-variant-numeric: tabular-nums; }
.overview-charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr)); gap: 1rem; margin: 1rem 0; }
.chart { margin: 0; min-width: 0; }
.chart figcaption { font-weight: 700; }
.chart svg { display: block; height: auto; }
.figures th, .figures td { white-space: nowrap; overflow-wrap: normal; }
.results-now li { margin-bottom: 0.5rem; }
.results-now span { display: block; overflow-wrap: anywhere; }
.result-title { font-weight: 700; }
.result-url, .result-clicks { color: #454545; }
`;
