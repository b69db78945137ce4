import { parse } from 'yaml';

/** A Markdown file's YAML front matter (between `---` lines at its very top) and the body after it. */
export interface FrontMatterSplit {
  data: Record<string, unknown>;
  body: string;
}

// The opening `---` on the first line, the YAML (possibly none), the closing `---` on a line of its own.
const block = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;

/** Splits front matter from the body; a file without it is all body. Invalid YAML or a non-mapping throws. */
export function splitFrontMatter(raw: string): FrontMatterSplit {
  const match = block.exec(raw);
  if (!match) return { data: {}, body: raw };
  const data: unknown = parse(match[1] ?? '') ?? {};
  if (typeof data !== 'object' || Array.isArray(data)) throw new Error('front matter must be a YAML mapping of names to values');
  return { data: data as Record<string, unknown>, body: raw.slice(match[0].length) };
}
