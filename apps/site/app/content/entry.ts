import { Marked, type Tokens } from 'marked';
import { splitFrontMatter } from './frontMatter';

/** A heading of an article, for its table of contents. */
export type Heading = { id: string; text: string; depth: number };

/** One Markdown file of `content/`: its front matter with defaults applied, and its body as HTML. */
export type ContentEntry = {
  slug: string;
  fileName: string;
  title: string;
  description: string;
  date: string | null;
  tags: string[];
  order: number;
  category: string;
  html: string;
  headings: Heading[];
};

export const DEFAULT_ORDER = 9999;
export const DEFAULT_CATEGORY = 'General';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

// A date is written 2025-01-14, quoted or not; a Date (from a YAML 1.1 reader) is taken too.
function isoDate(value: unknown): string | null {
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString().slice(0, 10);
  const date = text(value);
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null;
}

export function slugify(value: string) {
  return value
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/&[a-z]+;|&#\d+;/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The file name without folder and `.md`, which also finds a post whose slug differs. */
export const baseName = (path: string) => path.replace(/^.*\//, '').replace(/\.md$/, '');

/** Front matter with the defaults: slug from the file name, order 9999, category General. */
export function readFrontMatter(path: string, raw: string) {
  let split;
  try {
    split = splitFrontMatter(raw);
  } catch (error) {
    throw new Error(`${path}: ${(error as Error).message}`, { cause: error });
  }
  const { data, body } = split;
  const fileName = baseName(path);
  const order = Number(data.order);
  return {
    slug: text(data.slug) || fileName,
    fileName,
    title: text(data.title) || fileName,
    description: text(data.description),
    date: isoDate(data.date),
    tags: Array.isArray(data.tags) ? data.tags.map(String) : [],
    order: data.order !== undefined && Number.isFinite(order) ? order : DEFAULT_ORDER,
    category: text(data.category) || DEFAULT_CATEGORY,
    body,
  };
}

function renderMarkdown(body: string) {
  const headings: Heading[] = [];
  const used = new Map<string, number>();
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading(this: { parser: { parseInline: (tokens: Tokens.Heading['tokens']) => string } }, { tokens, depth, text: raw }: Tokens.Heading) {
        const inner = this.parser.parseInline(tokens);
        const base = slugify(raw) || 'section';
        const seen = used.get(base) ?? 0;
        used.set(base, seen + 1);
        const id = seen === 0 ? base : `${base}-${seen}`;
        if (depth === 2 || depth === 3) headings.push({ id, text: inner.replace(/<[^>]*>/g, ''), depth });
        return `<h${depth} id="${id}">${inner}</h${depth}>\n`;
      },
    },
  });
  const html = marked.parse(body, { async: false });
  return { html, headings };
}

export function parseEntry(path: string, raw: string): ContentEntry {
  const { body, ...frontMatter } = readFrontMatter(path, raw);
  return { ...frontMatter, ...renderMarkdown(body) };
}
