import type { Config } from '@react-router/dev/config';
import { contentPaths } from './app/content/paths';

export default {
  // Every public page is pre-rendered to HTML at build time; the platform serves the files.
  ssr: false,
  async prerender({ getStaticPaths }) {
    return [...getStaticPaths(), ...contentPaths()];
  },
} satisfies Config;
