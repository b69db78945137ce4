import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './ports';

const run = promisify(execFile);
const bin = '/usr/lib/postgresql/15/bin';

/** A PostgreSQL server of the test's own, which the test may stop and start again. */
export interface TestPostgres {
  /** The `postgres` database as superuser `postgres` (trust authentication, loopback only). */
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its directory. */
  close(): Promise<void>;
}

/**
 * Debian's PostgreSQL 15 in a temporary directory on a free port of 127.0.0.1, never the machine's
 * own server. `initdb` refuses to run as root: the server then runs as the `postgres` user. Commits
 * return before their WAL is written (faster tests) unless `synchronousCommit`.
 */
export async function startPostgres(settings: { synchronousCommit?: boolean } = {}): Promise<TestPostgres> {
  const { dir, as, data, port } = await serverDirectory('kaja-postgres-');
  await run(`${bin}/initdb`, ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync'], { ...as, cwd: dir });
  // Ready to be a primary (`startReplica`): WAL for replicas, senders for them, and initdb's
  // pg_hba.conf already trusts replication connections from 127.0.0.1.
  const options = `${serverOptions(dir, port)} -c synchronous_commit=${settings.synchronousCommit ? 'on' : 'off'} -c wal_level=replica -c max_wal_senders=10 -c max_replication_slots=10`;
  const server = { url: `postgres://postgres@127.0.0.1:${port}/postgres`, ...controlled(dir, as, data, options) };
  try {
    await server.start();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return server;
}

/**
 * A streaming read replica of `primary` (from `startPostgres`), as an operator makes one per
 * location: a physical replication slot on the primary, `pg_basebackup -R -X stream -S slot` into
 * a temporary directory (`-R` writes `primary_conninfo` and `standby.signal`; a fast checkpoint,
 * as the default spread one waits most of `checkpoint_timeout`), started with
 * `pg_ctl` on a port of its own. `close` stops it, removes its directory and drops the slot.
 * `url` names the same database as the primary's `url`; `urlFor` another one. `via` is where the
 * replica reaches the primary (a link of the test's, in place of the primary's own address), `name`
 * what the primary calls it.
 */
export async function startReplica(
  primary: TestPostgres,
  options: { via?: { host: string; port: number }; name?: string } = {},
): Promise<TestPostgres & { urlFor(primaryUrl: string): string }> {
  const { dir, as, data, port } = await serverDirectory('kaja-replica-');
  const slot = `replica_${port}`;
  const primaryUrl = new URL(primary.url);
  // Through a link of the caller's (another location): the base backup and the stream that follows.
  const source = options.via ?? { host: primaryUrl.hostname, port: Number(primaryUrl.port) };
  const psql = (sqlText: string) => run(`${bin}/psql`, ['-d', primary.url, '-v', 'ON_ERROR_STOP=1', '-Atc', sqlText], { ...as, cwd: dir });
  await psql(`SELECT pg_create_physical_replication_slot('${slot}')`);
  const dropSlot = () => psql(`SELECT pg_drop_replication_slot('${slot}')`).catch(() => undefined);
  try {
    await run(
      `${bin}/pg_basebackup`,
      ['-h', source.host, '-p', String(source.port), '-U', 'postgres', '-D', data, '-R', '-X', 'stream', '-S', slot, '--checkpoint=fast', '--no-sync'],
      { ...as, cwd: dir },
    );
  } catch (error) {
    await dropSlot();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const urlFor = (url: string) => {
    const parsed = new URL(url);
    parsed.port = String(port);
    return parsed.toString();
  };
  // `cluster_name` names the replica in the primary's `pg_stat_replication` (its application_name);
  // it tries the primary again every second when the stream breaks (5 s by default), as the DNS
  // README advises for a location's replica.
  const control = controlled(
    dir,
    as,
    data,
    `${serverOptions(dir, port)} -c hot_standby=on -c wal_retrieve_retry_interval=1s${options.name ? ` -c cluster_name=${options.name}` : ''}`,
  );
  const replica = {
    url: urlFor(primary.url),
    urlFor,
    ...control,
    async close() {
      await control.close();
      await dropSlot();
    },
  };
  try {
    await replica.start();
  } catch (error) {
    await replica.close();
    throw error;
  }
  return replica;
}

/** A temporary directory for one server, owned by the postgres user when we are root (it refuses to run as root), and a free port. */
async function serverDirectory(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const owner = process.getuid?.() === 0 ? await postgresUser() : undefined;
  if (owner) chownSync(dir, owner.uid, owner.gid);
  return { dir, as: owner ? { uid: owner.uid, gid: owner.gid } : {}, data: join(dir, 'data'), port: await freePort() };
}

/** Every server's settings: loopback on its own port, its socket in its directory, no fsync (tests). */
const serverOptions = (dir: string, port: number) => `-c listen_addresses=127.0.0.1 -p ${port} -c unix_socket_directories=${dir} -c fsync=off`;

/** `pg_ctl` start and stop of the server in `data`; `close` stops it when running and removes its directory. */
function controlled(dir: string, as: { uid?: number; gid?: number }, data: string, options: string): Omit<TestPostgres, 'url'> {
  let running = false;
  const control = {
    async start() {
      await run(`${bin}/pg_ctl`, ['-D', data, '-l', join(dir, 'log'), '-o', options, '-w', 'start'], { ...as, cwd: dir });
      running = true;
    },
    async stop() {
      await run(`${bin}/pg_ctl`, ['-D', data, '-m', 'fast', '-w', 'stop'], { ...as, cwd: dir });
      running = false;
    },
    async close() {
      if (running) await control.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return control;
}

async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}
