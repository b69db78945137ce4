import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium, headless, with nothing that reaches beyond this machine. */
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const launchBrowser = (): Promise<Browser> => chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumFlags });
