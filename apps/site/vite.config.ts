import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { errorReportingBuild } from '@kaja/error-reporter/vite';
import { islandAssets } from './islands.vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    islandAssets(),
    // Source maps for the staff's error reports, kept beside the build and never served (decision 063).
    errorReportingBuild({ root: here('../..'), servedDir: here('build/client'), sourceMapDir: here('build/sourcemaps') }),
  ],
});
