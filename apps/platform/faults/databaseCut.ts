import { openLink, type Link } from './link';

/**
 * A link (`link.ts`) between a DNS node and its PostgreSQL server, owned by the test: `cut()` is a
 * network partition or a dead database host to the node. Stopping PostgreSQL instead would also cut
 * the test's own API, which talks to the server directly.
 */
export interface DatabaseCut extends Omit<Link, 'port'> {
  /** The proxied database's URL: the target URL with the link's port. */
  url: string;
}

export async function proxyDatabase(targetUrl: string): Promise<DatabaseCut> {
  const target = new URL(targetUrl);
  const link = await openLink({ host: target.hostname, port: Number(target.port) });
  const url = new URL(targetUrl);
  url.port = String(link.port);
  return {
    url: url.toString(),
    cut: () => link.cut(),
    restore: () => link.restore(),
    broken: () => link.broken(),
    connections: () => link.connections(),
    close: () => link.close(),
  };
}
