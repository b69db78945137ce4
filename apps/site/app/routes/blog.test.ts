import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { entries, summary } from '../content/collections.server';
import Blog from './blog';

type Posts = ReturnType<typeof summary>[];

const render = (posts: Posts) => renderToStaticMarkup(createElement(MemoryRouter, null, createElement(Blog as never, { loaderData: { posts } })));

describe('the blog index', () => {
  it('says "No posts found." when there are no posts', () => {
    const page = render([]);
    expect(page).toContain('No posts found.');
    expect(page).not.toContain('data-testid="post-list"');
  });

  it('lists the posts it is given, in their order, without the empty message', () => {
    const posts = entries('blog').map(summary).slice(0, 2);
    const page = render(posts);
    expect(page).not.toContain('No posts found.');
    const links = [...page.matchAll(/href="(\/blog\/[^"]+)"/g)].map((match) => match[1]);
    expect(links).toEqual(posts.map((post) => `/blog/${post.slug}`));
  });
});
