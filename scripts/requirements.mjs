// What the platform needs beyond npm: one list, read by `npm start` and `npm test`.

/** Debian tools the test suites drive (binary -> Debian package). */
export const testTools = {
  chromium: 'chromium',
  curl: 'curl',
  ddclient: 'ddclient',
  'named-checkzone': 'bind9-utils',
  'ldns-read-zone': 'ldnsutils',
  dig: 'bind9-dnsutils',
  kdig: 'knot-dnsutils',
  'ldns-verify-zone': 'ldnsutils',
  'dnssec-verify': 'bind9-utils',
  delv: 'bind9-dnsutils',
  knotd: 'knot',
  kzonesign: 'knot-dnssecutils',
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
  kzonesign: 'knot-dnssecutils',
  chromium: 'chromium',
};

/**
 * What `npm run build` makes, each rebuilt when missing or older than its sources: the server
 * bundles (`scripts/buildServers.mjs`) and the web apps. `dir` is where `sources` and `output` are.
 */
export const builds = {
  servers: {
    dir: '.',
    sources: [
      'scripts/buildServers.mjs',
      ...['api', 'dns', 'platform'].map((app) => `apps/${app}/src`),
      ...['catalog', 'config', 'db', 'dns-model', 'dnssec', 'module-worker', 'zone-writes'].map((pkg) => `packages/${pkg}/src`),
    ],
    output: 'dist',
    command: ['node', 'scripts/buildServers.mjs'],
  },
  site: {
    dir: 'apps/site',
    sources: ['app', 'content', 'public', 'react-router.config.ts', 'vite.config.ts', 'package.json', '../../packages/ui/src', '../../packages/catalog/src'],
    output: 'build',
    command: ['npm', 'run', 'build', '--workspace', 'apps/site'],
  },
  dashboard: {
    dir: 'apps/dashboard',
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
    command: ['npm', 'run', 'build', '--workspace', 'apps/dashboard'],
  },
};
