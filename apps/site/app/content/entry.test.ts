import { describe, expect, it } from 'vitest';
import { byOrder, findEntry, groupByCategory, newestFirst, parseCollection } from './collections.server';
import { DEFAULT_CATEGORY, DEFAULT_ORDER, parseEntry, readFrontMatter } from './entry';

const post = (frontMatter: string, body = 'Text.') => `---\n${frontMatter}\n---\n\n${body}\n`;

describe('front matter', () => {
  it('reads title, slug, description, date and tags', () => {
    const entry = readFrontMatter(
      'content/blog/dns.md',
      post('title: "What Is DNS?"\nslug: what-is-dns\ndescription: An introduction.\ndate: "2025-01-14"\ntags:\n  - DNS basics\n  - Resolvers'),
    );
    expect(entry).toMatchObject({
      slug: 'what-is-dns',
      fileName: 'dns',
      title: 'What Is DNS?',
      description: 'An introduction.',
      date: '2025-01-14',
      tags: ['DNS basics', 'Resolvers'],
    });
  });

  it('accepts an unquoted date', () => {
    expect(readFrontMatter('a.md', post('title: A\ndate: 2024-03-05')).date).toBe('2024-03-05');
  });

  it('defaults the slug to the file name, order to 9999 and category to General', () => {
    const entry = readFrontMatter('content/api/zones.md', post('title: Zones'));
    expect(entry).toMatchObject({ slug: 'zones', order: DEFAULT_ORDER, category: DEFAULT_CATEGORY, date: null, tags: [] });
    expect(DEFAULT_ORDER).toBe(9999);
  });

  it('keeps an explicit order of 0', () => {
    expect(readFrontMatter('a.md', post('title: A\norder: 0')).order).toBe(0);
  });
});

describe('Markdown body', () => {
  it('renders HTML with an id on every heading and lists h2/h3 for the table of contents', () => {
    const entry = parseEntry('a.md', post('title: A', '## Creating a zone\n\nText\n\n### With `curl`\n\n## Creating a zone\n\n#### Deep'));
    expect(entry.html).toContain('<h2 id="creating-a-zone">Creating a zone</h2>');
    expect(entry.html).toContain('<h3 id="with-curl">With <code>curl</code></h3>');
    expect(entry.html).toContain('<h2 id="creating-a-zone-1">');
    expect(entry.headings).toEqual([
      { id: 'creating-a-zone', text: 'Creating a zone', depth: 2 },
      { id: 'with-curl', text: 'With curl', depth: 3 },
      { id: 'creating-a-zone-1', text: 'Creating a zone', depth: 2 },
    ]);
  });
});

describe('collections', () => {
  const blog = parseCollection(
    {
      'blog/old.md': post('title: Old\ndate: "2024-01-01"'),
      'blog/new-file.md': post('title: New\nslug: brand-new\ndate: "2025-06-01"'),
      'blog/undated.md': post('title: Undated'),
    },
    newestFirst,
  );

  it('lists the blog newest first', () => {
    expect(blog.map((entry) => entry.title)).toEqual(['New', 'Old', 'Undated']);
  });

  it('finds a post by slug first, then by file name', () => {
    expect(findEntry(blog, 'brand-new')?.title).toBe('New');
    expect(findEntry(blog, 'new-file')?.title).toBe('New');
    expect(findEntry(blog, 'missing')).toBeUndefined();
    const clash = parseCollection({ 'a.md': post('title: By file name\nslug: x'), 'b.md': post('title: By slug\nslug: a') }, byOrder);
    expect(findEntry(clash, 'a')?.title).toBe('By slug');
  });

  it('sorts docs by order, then title, with unordered ones last', () => {
    const docs = parseCollection(
      { 'c.md': post('title: C\norder: 2'), 'b.md': post('title: B\norder: 2'), 'z.md': post('title: Unordered'), 'a.md': post('title: A\norder: 10') },
      byOrder,
    );
    expect(docs.map((entry) => entry.title)).toEqual(['B', 'C', 'A', 'Unordered']);
  });

  it('groups API guides by category in the product order, General by default', () => {
    const guides = parseCollection(
      {
        'zones.md': post('title: Zones\ncategory: Core Resources\norder: 1'),
        'misc.md': post('title: Misc'),
        'auth.md': post('title: Authentication\ncategory: Foundations\norder: 1'),
        'invitations.md': post('title: Invitations\ncategory: Account Management'),
      },
      byOrder,
    );
    expect(groupByCategory(guides).map((group) => [group.category, group.entries.map((entry) => entry.title)])).toEqual([
      ['Foundations', ['Authentication']],
      ['Core Resources', ['Zones']],
      ['Account Management', ['Invitations']],
      ['General', ['Misc']],
    ]);
  });
});
