import type { Config } from '@react-router/dev/config';
import { resourcePaths } from './app/api-document.server';
import { contentPaths } from './app/content/paths';
import { notFoundPages } from './app/not-found-pages';

export default {
  // Every public page is pre-rendered to HTML at build time; the platform serves the files.
  ssr: false,
  // The not-found pages too, at addresses under /404 that scripts/notFoundPages.ts turns into `404.html` files (decision 090).
  async prerender({ getStaticPaths }) {
    return [...getStaticPaths(), ...contentPaths(), ...resourcePaths(), ...notFoundPages.map(({ path }) => path)];
  },
  // React Router 7's behaviour, said explicitly (a flag left unset prints a warning at every build).
  // Some change what the platform serves (the URLs of pre-rendered `.data` files, request handling):
  // they are taken together with the move to React Router 8.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
