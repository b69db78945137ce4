// Times reading, checking and writing a 100,000-record zone file (the size the import API must take).
import { checkRrsets, groupRecords, parseZoneFile, writeZoneFile } from '../src/index';

const origin = 'bench.example';
const lines = ['$TTL 3600', '@ IN SOA ns1 hostmaster ( 1 7200 3600 1209600 300 )', '@ IN NS ns1.dnshost.example.'];
for (let i = 0; lines.length < 100_002; i++) {
  const host = `host${i}`;
  switch (i % 6) {
    case 0:
      lines.push(`${host} 300 IN A 10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
      break;
    case 1:
      lines.push(`${host} IN AAAA 2001:db8::${(i >> 16).toString(16)}:${(i & 0xffff).toString(16)}`);
      break;
    case 2:
      lines.push(`${host} IN CNAME host${i - 2}`);
      break;
    case 3:
      lines.push(`${host} IN MX 10 mail${i}.example.net.`);
      break;
    case 4:
      lines.push(`${host} IN TXT "v=spf1 include:_spf${i}.example.net ~all"`);
      break;
    default:
      lines.push(`_sip._tcp.${host} IN SRV 10 20 5060 sip${i}.example.net.`);
  }
}
const text = lines.join('\n') + '\n';

function time<T>(fn: () => T): [T, number] {
  const start = performance.now();
  const result = fn();
  return [result, performance.now() - start];
}

for (let run = 1; run <= 3; run++) {
  const [parsed, parseMs] = time(() => parseZoneFile(text, { origin }));
  if (parsed.errors.length) throw new Error(JSON.stringify(parsed.errors.slice(0, 3)));
  const [written, writeMs] = time(() => writeZoneFile(parsed.records, { origin }));
  const [problems, checkMs] = time(() => {
    const { rrsets } = groupRecords(parsed.records);
    return checkRrsets(origin, rrsets, { changed: rrsets.filter((s) => s.type !== 'SOA' && !(s.type === 'NS' && s.name === origin)) });
  });
  if (problems.length) throw new Error(JSON.stringify(problems.slice(0, 3)));
  console.log(
    `run ${run}: ${parsed.records.length} records, ${(text.length / 1048576).toFixed(1)} MiB: ` +
      `parse ${parseMs.toFixed(0)} ms (${Math.round(parsed.records.length / (parseMs / 1000))} records/s), ` +
      `RRset rules ${checkMs.toFixed(0)} ms, write ${writeMs.toFixed(0)} ms (${(written.length / 1048576).toFixed(1)} MiB)`,
  );
}
