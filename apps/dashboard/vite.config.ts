import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { errorReportingBuild } from '@kaja/error-reporter/vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  plugins: [
    tailwindcss(),
    react(),
    // Source maps for the staff's error reports, kept beside the build and never served (decision 063).
    errorReportingBuild({ root: here('../..'), servedDir: here('dist'), sourceMapDir: here('build/sourcemaps') }),
  ],
  // Every browser the dashboard supports preloads modules itself.
  build: { outDir: 'dist', emptyOutDir: true, modulePreload: { polyfill: false } },
});
