// What the platform needs beyond npm: one list, read by `npm start` and `npm test`.

/** Debian tools the test suites drive (binary -> Debian package). */
export const testTools = {
  chromium: 'chromium',
  curl: 'curl',
  'named-checkzone': 'bind9-utils',
  'ldns-read-zone': 'ldnsutils',
  dig: 'bind9-dnsutils',
  kdig: 'knot-dnsutils',
  'ldns-verify-zone': 'ldnsutils',
  'dnssec-verify': 'bind9-utils',
  delv: 'bind9-dnsutils',
  knotd: 'knot',
  nsupdate: 'bind9-dnsutils',
  'dnssec-dsfromkey': 'bind9-utils',
  'ldns-key2ds': 'ldnsutils',
  'dnssec-keygen': 'bind9-utils',
  pdftotext: 'poppler-utils',
  promtool: 'prometheus',
};

/** Debian tools the benchmarks drive: load generators and the reference servers they compare with. */
export const benchTools = {
  dnsperf: 'dnsperf',
  nsd: 'nsd',
  knotd: 'knot',
  chromium: 'chromium',
};

/** Web apps built before they are served or tested: sources that make them stale, and their output. */
export const webBuilds = {
  'apps/site': {
    sources: ['app', 'content', 'public', 'react-router.config.ts', 'vite.config.ts', 'package.json', '../../packages/ui/src', '../../packages/catalog/src'],
    output: 'build',
  },
  'apps/dashboard': {
    sources: [
      'src',
      'public',
      'index.html',
      'vite.config.ts',
      'package.json',
      '../../packages/ui/src',
      '../../packages/api-client/src',
      '../../packages/dns-model/src',
      '../../packages/catalog/src',
    ],
    output: 'dist',
  },
};
