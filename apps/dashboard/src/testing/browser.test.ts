import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, checkScreen, launchBrowser } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('the screen check', () => {
  it('passes a screen without serious accessibility violations that fits both widths', async () => {
    await browser.page.setContent('<html lang="en"><head><title>Fine</title></head><body><main><h1>Fine</h1><p>Readable text.</p></main></body></html>');
    await checkScreen(browser.page, 'screen-check-fine');
  });

  it('fails a screen with a serious violation and names it', async () => {
    await browser.page.setContent(
      '<html lang="en"><head><title>Faint</title></head><body><main><h1>Faint</h1><p style="color:#eee;background:#fff">Hardly readable.</p></main></body></html>',
    );
    await expect(checkScreen(browser.page, 'screen-check-faint')).rejects.toThrow(/accessibility of screen-check-faint/);
  });

  it('fails a screen that scrolls sideways on a phone', async () => {
    await browser.page.setContent(
      '<html lang="en"><head><title>Wide</title></head><body><main><h1>Wide</h1><div style="width:800px">Too wide.</div></main></body></html>',
    );
    await expect(checkScreen(browser.page, 'screen-check-wide')).rejects.toThrow(/width of screen-check-wide at 375 px/);
  });
});
