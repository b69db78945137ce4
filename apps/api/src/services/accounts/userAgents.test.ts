import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './userAgents';

describe('describeUserAgent', () => {
  it.each([
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36', 'Chrome 141 on macOS Catalina'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:144.0) Gecko/20100101 Firefox/144.0', 'Firefox 144 on Linux'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0',
      'Microsoft Edge 140 on Windows 10',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
      'Safari 18 on iOS',
    ],
    ['curl/8.5.0', 'curl 8.5.0'],
    ['terraform-provider-kaja/1.2.0 (+https://example.com)', 'terraform-provider-kaja 1'],
  ])('names %s as %s', (userAgent, name) => {
    expect(describeUserAgent(userAgent)).toBe(name);
  });

  it('is null for no text, or text that names nothing known', () => {
    expect(describeUserAgent(null)).toBeNull();
    expect(describeUserAgent('')).toBeNull();
    expect(describeUserAgent('???')).toBeNull();
  });
});
