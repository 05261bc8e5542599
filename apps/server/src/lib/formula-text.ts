/**
 * Spreadsheet formula injection (docs/adr/0035-export-and-workspace-archive.md): text starting with
 * `=`, `+`, `-`, `@`, a tab or a carriage return is a formula to a spreadsheet opening a CSV. Exports
 * write it with a leading `'` (OWASP's advice); imports take that `'` off again, so an export
 * imports back to exactly what was exported (docs/PRODUCT.md, "Import").
 */
const formulaStart = /^[=+\-@\t\r]/;
const neutralised = /^'[=+\-@\t\r]/;

/** The text as a spreadsheet shows it and never runs it. */
export function neutralise(text: string): string {
  return formulaStart.test(text) ? `'${text}` : text;
}

/** The text an export neutralised, as it was: `'+49 30 …` → `+49 30 …`; any other text as it is. */
export function unneutralise(text: string): string {
  return neutralised.test(text) ? text.slice(1) : text;
}
