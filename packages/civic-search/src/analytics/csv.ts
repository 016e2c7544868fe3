/**
 * Reports as CSV for a spreadsheet. A cell a spreadsheet would run as a formula (starting with =, +, -, @, a tab or
 * a carriage return) is prefixed with an apostrophe: a visitor's search term must never become a formula on a
 * council officer's computer.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cell = (value: string | number) => {
    let text = String(value);
    if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
