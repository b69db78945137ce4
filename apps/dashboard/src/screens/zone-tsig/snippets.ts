import type { RecordPolicy, TsigKey } from './tsig-data';

/** What a snippet needs: the zone, its name servers, and the key (with its secret right after creation). */
export type SnippetInput = {
  zone: { name: string; name_servers: string[] };
  key: Pick<TsigKey, 'name' | 'algorithm' | 'record_policies'>;
  /** Known only in the answer that created the key; later a placeholder stands in. */
  secret: string | null;
};

export const secretPlaceholder = 'PASTE-THE-SECRET-SHOWN-AT-CREATION';

const exampleData: Record<string, string> = {
  A: '192.0.2.10',
  AAAA: '2001:db8::10',
  TXT: '"token-from-your-acme-client"',
  CNAME: 'target.example.net.',
  MX: '10 mail.example.net.',
};

/** A record the key may change, to show an update with: the first allowed policy, made concrete. */
function exampleRecord(zone: string, policies: RecordPolicy[] | null): { owner: string; type: string; data: string; ttl: number } {
  const allowed = policies?.find((policy) => policy.allow);
  const relative = (allowed?.name ?? 'www').replace(/^\*(\.|$)/, 'host$1');
  const owner = relative === '@' ? `${zone}.` : `${relative}.${zone}.`;
  const type = !allowed || allowed.type === '*' ? 'A' : allowed.type.toUpperCase();
  return { owner, type, data: exampleData[type] ?? '<data>', ttl: type === 'TXT' ? 60 : 300 };
}

const keyFileName = (key: SnippetInput['key']) => `${key.name}.key`;

/** BIND's nsupdate: the key file, then one update replacing a record the key may change. */
export function nsupdateSnippet({ zone, key, secret }: SnippetInput): string {
  const record = exampleRecord(zone.name, key.record_policies);
  return [
    `(umask 077; cat > ${keyFileName(key)} <<'KEY'`,
    `key "${key.name}" {`,
    `    algorithm ${key.algorithm};`,
    `    secret "${secret ?? secretPlaceholder}";`,
    '};',
    'KEY',
    ')',
    `nsupdate -k ${keyFileName(key)} <<'UPDATE'`,
    `server ${zone.name_servers[0]}`,
    `zone ${zone.name}.`,
    `update delete ${record.owner} ${record.type}`,
    `update add ${record.owner} ${record.ttl} ${record.type} ${record.data}`,
    'send',
    'UPDATE',
  ].join('\n');
}

/** certbot's dns-rfc2136 plugin: its credentials file (the server must be an address), then a certificate for the zone and its wildcard. */
export function certbotSnippet({ zone, key, secret }: SnippetInput): string {
  return [
    `(umask 077; cat > kaja-rfc2136.ini <<INI`,
    `dns_rfc2136_server = $(dig +short ${zone.name_servers[0]} A | head -n 1)`,
    'dns_rfc2136_port = 53',
    `dns_rfc2136_name = ${key.name}`,
    `dns_rfc2136_secret = ${secret ?? secretPlaceholder}`,
    `dns_rfc2136_algorithm = ${key.algorithm.toUpperCase()}`,
    'INI',
    ')',
    'certbot certonly \\',
    '  --dns-rfc2136 \\',
    '  --dns-rfc2136-credentials kaja-rfc2136.ini \\',
    '  --dns-rfc2136-propagation-seconds 30 \\',
    `  -d ${zone.name} -d '*.${zone.name}'`,
  ].join('\n');
}

/** Knot DNS as a secondary: our name servers' addresses looked up once, then the key, the primary, NOTIFY from it and the zone. */
export function knotSnippet({ zone, key, secret }: SnippetInput): string {
  return [
    `KAJA="$(for ns in ${zone.name_servers.join(' ')}; do dig +short "$ns" A; dig +short "$ns" AAAA; done | paste -sd, -)"`,
    `(umask 077; cat > kaja-${zone.name}.conf <<KNOT`,
    'key:',
    `  - id: ${key.name}`,
    `    algorithm: ${key.algorithm}`,
    `    secret: ${secret ?? secretPlaceholder}`,
    '',
    'remote:',
    '  - id: kaja',
    '    address: [$KAJA]',
    `    key: ${key.name}`,
    '',
    'acl:',
    '  - id: kaja-notify',
    '    address: [$KAJA]',
    `    key: ${key.name}`,
    '    action: notify',
    '',
    'zone:',
    `  - domain: ${zone.name}`,
    '    master: kaja',
    '    acl: kaja-notify',
    'KNOT',
    ')',
  ].join('\n');
}
