// `npm run bench:dns-startup [-- --runs N --records N --workers N]`: how long the standalone server
// takes from its start to its first answer, and how much memory it holds once every worker serves
// (the resident set of every process of the server; one worker unless `--workers`), beside NSD and
// Knot DNS serving the same zone in the same run with one server process each: a small zone, or
// with `--records` one of that many A records (a big zone's load).
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { groupRssKb } from './memory';
import { wholeNumberFlags } from './options';
import { freePort, median, startKaja, startKnot, startNsd, stop, waitForAnswer } from './servers';

const { runs, records, workers } = wholeNumberFlags({ runs: 5, records: { default: 0, least: 0 }, workers: 1 });

const zone = 'startup.example';
const lines = [`$ORIGIN ${zone}.`, '$TTL 3600', '@ IN SOA ns1 hostmaster 2026010101 7200 3600 1209600 300', '@ IN NS ns1', 'ns1 IN A 192.0.2.53'];
if (records === 0) lines.push('www IN A 192.0.2.80');
for (let i = 0; lines.length < records + 2; i++) lines.push(`host${i} IN A 10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
const zoneText = `${lines.join('\n')}\n`;
/** A big zone takes Knot DNS and NSD a while too. */
const answerTimeoutMs = 60_000 + records / 10;

interface Contender {
  name: string;
  start(dir: string, port: number, zoneFile: string): ChildProcess;
  /** Resolves once every worker serves (the first answer may come from the first of them). */
  serving?(server: ChildProcess): Promise<void>;
}

const contenders: Contender[] = [
  {
    name: workers === 1 ? 'Kaja DNS' : `Kaja DNS, ${workers} workers`,
    start: (_dir, port, zoneFile) => startKaja(port, zone, zoneFile, ['--workers', String(workers)], {}, 'pipe'),
    serving: (server) => untilLine(server, /^dns: serving /m),
  },
  { name: 'NSD', start: (dir, port, zoneFile) => startNsd(dir, port, zone, zoneFile) },
  { name: 'Knot DNS', start: (dir, port, zoneFile) => startKnot(dir, port, zone, zoneFile) },
];

const measured = new Map<string, { ms: number[]; rssMb: number[] }>(contenders.map((c) => [c.name, { ms: [], rssMb: [] }]));
for (let run = 0; run < runs; run++) {
  for (const contender of contenders) {
    const dir = mkdtempSync(join(tmpdir(), 'kaja-startup-'));
    const zoneFile = join(dir, `${zone}.zone`);
    writeFileSync(zoneFile, zoneText);
    const port = await freePort();
    const started = performance.now();
    const server = contender.start(dir, port, zoneFile);
    try {
      await waitForAnswer(port, server, zone, answerTimeoutMs);
      const ms = performance.now() - started;
      await contender.serving?.(server);
      const entry = measured.get(contender.name)!;
      entry.ms.push(ms);
      entry.rssMb.push(groupRssKb(server.pid!) / 1024);
    } finally {
      await stop(server);
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

function untilLine(server: ChildProcess, line: RegExp): Promise<void> {
  let output = '';
  return new Promise((resolve, reject) => {
    server.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (line.test(output)) resolve();
    });
    server.once('exit', (code) => reject(new Error(`exited with code ${code} before it served`)));
  });
}

const header = ['Server', 'Start to first answer ms (median)', 'RSS once serving MB (median)'];
const rows = [...measured].map(([name, m]) => [name, median(m.ms).toFixed(0), median(m.rssMb).toFixed(1)]);
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
console.log(
  `${runs} run(s), ${workers === 1 ? 'one worker each' : `${workers} Kaja DNS workers, one NSD and Knot DNS server process`}, a ${lines.length}-line zone`,
);
for (const row of [header, ...rows]) console.log(line(row));
