// Plain-text tables for the console report (no dependency: column widths from the content).

export type Row = Array<string | number>;

export function renderTable(title: string, header: string[], rows: Row[]): string {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) =>
    r.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join("  ");
  const rule = widths.map((w) => "-".repeat(w)).join("  ");
  return [`\n== ${title}`, line(header), rule, ...cells.slice(1).map(line)].join("\n");
}
