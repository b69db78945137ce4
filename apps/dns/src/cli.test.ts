import { describe, expect, it } from 'vitest';
import { parseCommandLine } from './cli';

describe('the command line', () => {
  it('reads zones, addresses and options', () => {
    const config = parseCommandLine(
      ['--zone', 'Example.COM.=a.zone', '--zone', 'example.net=b.zone', '--listen', '127.0.0.1:5300', '--listen', '[::1]:5301', '--workers', '1', '--node-name', 'fra-1', '--tcp-idle-timeout', '5000'],
      {},
    );
    expect(config).toMatchObject({
      zones: [{ name: 'example.com', file: 'a.zone' }, { name: 'example.net', file: 'b.zone' }],
      listen: [{ host: '127.0.0.1', port: 5300 }, { host: '::1', port: 5301 }],
      workers: 1,
      nodeName: 'fra-1',
      tcp: { idleTimeoutMs: 5000, maxConnections: 1000 },
      udp: 'auto',
    });
  });

  it('listens on DNS_ADDR and DNS_PORT when no --listen is given', () => {
    expect(parseCommandLine(['--zone', 'example.com=a.zone'], { DNS_ADDR: '127.0.0.1,::1', DNS_PORT: '5353' })).toMatchObject({
      listen: [{ host: '127.0.0.1', port: 5353 }, { host: '::1', port: 5353 }],
    });
    expect(parseCommandLine(['--zone', 'example.com=a.zone'], {})).toMatchObject({ listen: [{ host: '127.0.0.1', port: 5300 }] });
  });

  it('reads the zones to sign, with key files or keys made at start, NSEC or NSEC3', () => {
    const config = parseCommandLine(['--zone', 'example.com=a.zone', '--zone', 'example.net=b.zone', '--dnssec', 'Example.com.=keys', '--dnssec', 'example.net', '--nsec3', 'example.net'], {});
    expect(config).toMatchObject({
      dnssec: [
        { name: 'example.com', keyDir: 'keys', nsec3: false },
        { name: 'example.net', keyDir: undefined, nsec3: true },
      ],
    });
  });

  it.each([
    [[], 'at least one --zone NAME=FILE is required'],
    [['--zone', 'example.com=a', '--dnssec', 'example.org'], 'example.org is not served'],
    [['--zone', 'example.com=a', '--dnssec', 'example.com='], 'expected NAME or NAME=KEYDIR'],
    [['--zone', 'example.com=a', '--nsec3', 'example.com'], 'the zone is not signed'],
    [['--zone', 'example.com'], 'expected NAME=FILE'],
    [['--zone', 'exa mple.com=a.zone'], 'space'],
    [['--zone', 'example.com=a', '--listen', 'localhost:53'], 'expected HOST:PORT'],
    [['--zone', 'example.com=a', '--listen', '127.0.0.1:70000'], 'expected HOST:PORT'],
    [['--zone', 'example.com=a', '--workers', '0'], '--workers must be a positive whole number'],
    [['--zone', 'example.com=a', '--bogus'], 'bogus'],
    [['--zone', 'example.com=a', '--udp', 'fast'], '--udp must be auto, batch or dgram'],
  ])('rejects %j', (args, message) => {
    expect(() => parseCommandLine(args, {})).toThrow(message);
  });

  it('shows help', () => {
    expect(parseCommandLine(['--help'], {})).toBe('help');
  });
});
