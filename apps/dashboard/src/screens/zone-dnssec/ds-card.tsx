import { Card, CardContent, CardDescription, CardHeader, CardTitle, CopyButton } from '@kaja/ui';
import { StatusLine } from '../zone-tools/status-line';
import { algorithmNames, digestTypeNames, useDs } from './dnssec-data';

/** The DS records to publish at the registrar, with the steps to do it. */
export function DsCard({ zoneId, zoneName }: { zoneId: string; zoneName: string }) {
  const ds = useDs(zoneId, true);
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>DS records for your registrar</h2>
        </CardTitle>
        <CardDescription>Publish one of these at the registrar of {zoneName} to complete DNSSEC.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 [&>*]:min-w-0">
        <ol className="list-decimal space-y-1 pl-5 text-sm">
          <li>Sign in at your domain's registrar and open the DNSSEC (or "DS records") settings of {zoneName}.</li>
          <li>
            Add a DS record with the key tag, algorithm, digest type and digest below (SHA-256 is accepted everywhere). Some registrars ask for the DNSKEY
            instead.
          </li>
          <li>Save. Once the parent zone publishes the DS, validating resolvers check every answer; this can take up to a day.</li>
        </ol>
        {ds.isPending && <StatusLine>Loading the DS records…</StatusLine>}
        {ds.isError && <StatusLine error>{ds.error.message}</StatusLine>}
        {ds.data && ds.data.ds.length === 0 && <StatusLine>No active KSK: activate a KSK to get a DS record.</StatusLine>}
        {ds.data && ds.data.ds.length > 0 && (
          <ul aria-label="DS records" className="grid gap-3">
            {ds.data.ds.map((record) => {
              const digestType = digestTypeNames[record.digest_type] ?? `type ${record.digest_type}`;
              return (
                <li key={`${record.key_tag}-${record.digest_type}`} className="grid gap-3 rounded-md border border-border p-3">
                  <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
                    <dt className="text-muted-foreground">Key tag</dt>
                    <dd>{record.key_tag}</dd>
                    <dt className="text-muted-foreground">Algorithm</dt>
                    <dd>
                      {record.algorithm} ({algorithmNames[record.algorithm] ?? 'unknown'})
                    </dd>
                    <dt className="text-muted-foreground">Digest type</dt>
                    <dd>
                      {record.digest_type} ({digestType})
                    </dd>
                    <dt className="text-muted-foreground">Digest</dt>
                    <dd className="min-w-0 break-all font-mono text-xs" data-testid="ds-digest">
                      {record.digest}
                    </dd>
                  </dl>
                  <div className="flex flex-wrap gap-2">
                    <CopyButton text={record.digest} details={`(${digestType}, key ${record.key_tag})`}>
                      Copy digest
                    </CopyButton>
                    <CopyButton text={record.presentation} details={`(${digestType}, key ${record.key_tag})`}>
                      Copy DS record
                    </CopyButton>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {ds.data && ds.data.dnskey.length > 0 && (
          <details className="text-sm">
            <summary className="cursor-pointer font-medium">DNSKEY records (for registrars that ask for the key)</summary>
            <ul className="mt-2 grid gap-2">
              {ds.data.dnskey.map((key) => (
                <li key={key.key_tag} className="grid gap-2 rounded-md border border-border p-2">
                  <code className="break-all text-xs">{key.presentation}</code>
                  <div>
                    <CopyButton text={key.presentation} details={`(key ${key.key_tag})`}>
                      Copy DNSKEY
                    </CopyButton>
                  </div>
                </li>
              ))}
            </ul>
          </details>
        )}
      </CardContent>
    </Card>
  );
}
