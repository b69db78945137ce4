import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { islandAssets } from './islands.vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), islandAssets()],
});
