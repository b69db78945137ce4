import type { Config } from '@react-router/dev/config';
import { resourcePaths } from './app/api-document.server';
import { contentPaths } from './app/content/paths';

export default {
  // Every public page is pre-rendered to HTML at build time; the platform serves the files.
  ssr: false,
  async prerender({ getStaticPaths }) {
    return [...getStaticPaths(), ...contentPaths(), ...resourcePaths()];
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
