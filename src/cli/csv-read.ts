// CSV as RFC 4180 writes it, read into rows of cells: fields separated by commas, records by CRLF
// or LF, a quoted field may hold commas, line breaks and doubled quotes. The reverse of
// src/dashboard/csv.ts, for `truecost calc NAME FILE.csv`.

/** A record of the file: its cells, and the line it starts on (1 for the header). */
export interface CsvRecord {
  readonly cells: readonly string[];
  readonly line: number;
}

/** What makes a file no CSV: an opening quote never closed, or text right after a closing quote. */
export class CsvSyntaxError extends Error {
  override readonly name = 'CsvSyntaxError';
}

/**
 * The records of CSV text, in order; a leading byte order mark is skipped, and so are empty lines
 * (a file's last line break, a blank line between records).
 *
 * @throws CsvSyntaxError naming the line of the field that is not RFC 4180.
 */
export function csvRecords(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let at = text.startsWith('\uFEFF') ? 1 : 0;
  let line = 1;
  while (at < text.length) {
    const start = line;
    const cells: string[] = [];
    for (;;) {
      let cell: string;
      if (text[at] === '"') {
        const opened = line;
        cell = '';
        at += 1;
        for (;;) {
          const quote = text.indexOf('"', at);
          if (quote === -1) throw new CsvSyntaxError(`The quoted field that opens on line ${opened} is never closed.`);
          const part = text.slice(at, quote);
          cell += part;
          line += lineBreaks(part);
          at = quote + 1;
          if (text[at] !== '"') break;
          cell += '"';
          at += 1;
        }
        if (at < text.length && text[at] !== ',' && text[at] !== '\n' && text[at] !== '\r') {
          throw new CsvSyntaxError(`Line ${line}: a quoted field must end at a comma or the end of the line.`);
        }
      } else {
        let end = at;
        while (end < text.length && text[end] !== ',' && text[end] !== '\n' && text[end] !== '\r') end += 1;
        cell = text.slice(at, end);
        at = end;
      }
      cells.push(cell);
      if (text[at] !== ',') break;
      at += 1;
    }
    if (text[at] === '\r') at += 1;
    if (text[at] === '\n') at += 1;
    line += 1;
    if (cells.length > 1 || cells[0] !== '') records.push({ cells, line: start });
  }
  return records;
}

function lineBreaks(text: string): number {
  let count = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) count += 1;
  return count;
}
