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
    const apex = nsupdateSnippet({ zone, key: { ...acme, record_policies: [{ name: '*', type: '*', allow: false }, { name: '@', type: 'AAAA', allow: true }] }, secret });
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
});
