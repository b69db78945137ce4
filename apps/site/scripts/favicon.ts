// Draws public/favicon.svg, the brand's icon, at the sizes browsers and bookmarks ask /favicon.ico
// for, and packs them into one ICO file (PNG entries): `npm run favicon -w apps/site`.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../test/browser';
import { packIco } from './ico';

const svg = readFileSync(fileURLToPath(new URL('../public/favicon.svg', import.meta.url)), 'utf8');
const sizes = [16, 32, 48];

const browser = await launchBrowser();
try {
  const images = [];
  for (const size of sizes) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`);
    images.push({ size, png: await page.screenshot({ omitBackground: true }) });
    await page.close();
  }
  writeFileSync(fileURLToPath(new URL('../public/favicon.ico', import.meta.url)), packIco(images));
  console.log(`Wrote public/favicon.ico (${sizes.join(', ')} px).`);
} finally {
  await browser.close();
}
