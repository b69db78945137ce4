import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), react()],
  // Every browser the dashboard supports preloads modules itself.
  build: { outDir: 'dist', emptyOutDir: true, modulePreload: { polyfill: false } },
});
