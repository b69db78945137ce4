import type { RuntimeConfig } from './runtime-config';

/** The site's sign-up buttons by where they lead: the header's Sign Up, and Start Free Trial (to /auth signed out, /trial signed in). */
const signUpButtons: Record<string, string> = { '/signup': 'signup', '/auth': 'trial', '/trial': 'trial' };

/**
 * The site's privacy-first analytics (decision 064): one page view per page load, with the page's path
 * (as pre-rendered: no query string, no id) and the referring site's host when the visitor came from
 * another site, and the clicks of the sign-up buttons. No cookie, no storage, no identifier: the server
 * only adds one to the day's counters. Nothing is sent when the browser asks not to be tracked (Do Not
 * Track, Global Privacy Control). The settings' functions are handed in, so this module imports nothing
 * and stays a leaf the pre-rendered pages fetch by address without changing how the rest is split.
 */
export default function startSiteAnalytics(ready: () => Promise<void>, settings: () => RuntimeConfig, path = location.pathname): void {
  void ready().then(() => {
    const { analytics, apiBaseUrl } = settings();
    const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
    if (!analytics || nav.doNotTrack === '1' || nav.globalPrivacyControl === true) return;
    const endpoint = `${apiBaseUrl}/analytics/events`;
    // A string is sent as text/plain: no preflight; the beacon outlives the page it leaves.
    const send = (event: object) => nav.sendBeacon(endpoint, JSON.stringify(event));
    const from = document.referrer ? new URL(document.referrer).host : '';
    send({ type: 'page_view', path, referrer: from && from !== location.host ? from : null });
    document.addEventListener('click', (event) => {
      const link = (event.target as Element | null)?.closest?.('a');
      const button = link && link.host === location.host ? signUpButtons[link.pathname] : undefined;
      if (button) send({ type: 'click', button, path });
    });
  });
}
