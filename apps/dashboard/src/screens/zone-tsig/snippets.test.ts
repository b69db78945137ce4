import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { certbotSnippet, knotSnippet, nsupdateSnippet, secretPlaceholder } from './snippets';

const zone = { name: 'example.com', name_servers: ['ns1.eu.kaja.dns', 'ns2.eu.kaja.dns'] };
const secret = '3qv6H0mR8s2GkJ9yXbN1cT5wZ7aP4dLfE0uQ2iV6oKs=';
const acme = { name: 'acme-web1.example.com', algorithm: 'hmac-sha256' as const, record_policies: [{ name: '_acme-challenge', type: 'TXT', allow: true }] };

describe('configuration snippets for a TSIG key', () => {
  it('nsupdate: a private key file and an update of the record the key may change, sent to the first name server', () => {
    expect(nsupdateSnippet({ zone, key: acme, secret })).toBe(
      [
        "(umask 077; cat > acme-web1.example.com.key <<'KEY'",
        'key "acme-web1.example.com" {',
        '    algorithm hmac-sha256;',
        `    secret "${secret}";`,
        '};',
        'KEY',
        ')',
        "nsupdate -k acme-web1.example.com.key <<'UPDATE'",
        'server ns1.eu.kaja.dns',
        'zone example.com.',
        'update delete _acme-challenge.example.com. TXT',
        'update add _acme-challenge.example.com. 60 TXT "token-from-your-acme-client"',
        'send',
        'UPDATE',
      ].join('\n'),
    );
  });

  it('nsupdate: a key for every record updates an A record; a refusing policy is never the example', () => {
    const snippet = nsupdateSnippet({ zone, key: { ...acme, record_policies: null }, secret: null });
    expect(snippet).toContain('update add www.example.com. 300 A 192.0.2.10');
    expect(snippet).toContain(`secret "${secretPlaceholder}";`);
    const apex = nsupdateSnippet({
      zone,
      key: {
        ...acme,
        record_policies: [
          { name: '*', type: '*', allow: false },
          { name: '@', type: 'AAAA', allow: true },
        ],
      },
      secret,
    });
    expect(apex).toContain('update add example.com. 300 AAAA 2001:db8::10');
  });

  it('certbot: a credentials file readable only by its owner, with the name server looked up as an address', () => {
    const snippet = certbotSnippet({ zone, key: acme, secret });
    expect(snippet).toContain('dns_rfc2136_server = $(dig +short ns1.eu.kaja.dns A | head -n 1)');
    expect(snippet).toContain('dns_rfc2136_name = acme-web1.example.com');
    expect(snippet).toContain(`dns_rfc2136_secret = ${secret}`);
    expect(snippet).toContain('dns_rfc2136_algorithm = HMAC-SHA256');
    expect(snippet).toContain("-d example.com -d '*.example.com'");
    expect(snippet.startsWith('(umask 077;')).toBe(true);
  });

  it('Knot: the key, every name server address as primary and NOTIFY source, and the zone', () => {
    const snippet = knotSnippet({ zone, key: { ...acme, name: 'xfr.example.com', algorithm: 'hmac-sha512' }, secret });
    expect(snippet).toContain('for ns in ns1.eu.kaja.dns ns2.eu.kaja.dns; do');
    expect(snippet).toContain('  - id: xfr.example.com\n    algorithm: hmac-sha512\n    secret: ' + secret);
    expect(snippet).toContain('  - domain: example.com\n    master: kaja\n    acl: kaja-notify');
  });

  it('the Knot and certbot snippets run in a shell and write files Knot accepts and certbot reads', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kaja-snippets-'));
    try {
      // Our name servers' names do not resolve from here: dig answers as the public DNS would.
      const dig = `dig() { case "$*" in *' A') echo 192.0.2.53 ;; *) echo 2001:db8::53 ;; esac; }\n`;
      const key = { ...acme, name: 'xfr.example.com' };
      execFileSync('bash', ['-e'], { cwd: dir, input: dig + knotSnippet({ zone: { ...zone, name_servers: ['ns1.eu.kaja.dns'] }, key, secret }) });
      const knot = join(dir, 'kaja-example.com.conf');
      expect(readFileSync(knot, 'utf8')).toContain('    address: [192.0.2.53,2001:db8::53]\n');
      expect(statSync(knot).mode & 0o077).toBe(0);
      expect(execFileSync('knotc', ['-c', knot, 'conf-check'], { encoding: 'utf8' })).toContain('Configuration is valid');

      const certbot = certbotSnippet({ zone, key: acme, secret });
      execFileSync('bash', ['-e'], { cwd: dir, input: dig + certbot.slice(0, certbot.indexOf('certbot certonly')) });
      const ini = join(dir, 'kaja-rfc2136.ini');
      expect(readFileSync(ini, 'utf8')).toMatch(/^dns_rfc2136_server = 192\.0\.2\.53$/m);
      expect(statSync(ini).mode & 0o077).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
