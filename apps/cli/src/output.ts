/** Where a command writes: standard output for results, standard error for notes. */
export interface Output {
  json: boolean;
  out: (text: string) => void;
  err: (text: string) => void;
}

export const processOutput = (json: boolean): Output => ({
  json,
  out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
  err: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
});

/** Columns padded to their widest cell, headed in capitals; the last column is not padded. */
export function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(headers.map((header) => header.toUpperCase())), ...rows.map(line)].join('\n');
}

/** A result: JSON with `--json`, else the human text. */
export function print(output: Output, data: unknown, human: () => string): void {
  output.out(output.json ? JSON.stringify(data, null, 2) : human());
}
