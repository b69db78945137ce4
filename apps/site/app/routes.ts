import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';
import { hasContent } from './content/paths';

// Without articles a folder has no article route, and its addresses fall through to the 404 page.
const articles = (folder: Parameters<typeof hasContent>[0], path: string, file: string) => (hasContent(folder) ? [route(path, file)] : []);

export default [
  index('routes/home.tsx'),
  route('blog', 'routes/blog.tsx'),
  ...articles('blog', 'blog/:slug', 'routes/blog-post.tsx'),
  route('learning', 'routes/learning.tsx'),
  ...articles('learning', 'learning/:slug', 'routes/learning-guide.tsx'),
  layout('routes/docs-layout.tsx', [route('docs', 'routes/docs.tsx'), ...articles('docs', 'docs/:slug', 'routes/docs-page.tsx')]),
  layout('routes/api-layout.tsx', [
    route('api', 'routes/api-overview.tsx'),
    route('api/reference', 'routes/api-reference.tsx'),
    route('api/reference/:resource', 'routes/api-reference-resource.tsx'),
    ...articles('api', 'api/:slug', 'routes/api-guide.tsx'),
  ]),
  route('privacy-policy', 'routes/privacy-policy.tsx'),
  route('terms-of-service', 'routes/terms-of-service.tsx'),
  route('cookie-policy', 'routes/cookie-policy.tsx'),
  route('support', 'routes/support.tsx'),
  route('status', 'routes/status.tsx'),
  ...['auth', 'login', 'signup', 'dashboard', 'trial'].map((path) => route(path, 'routes/app-redirect.tsx', { id: `redirect-${path}` })),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('rss.xml', 'routes/rss.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
