import { Alert, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, ConfirmButton } from '@kaja/ui';
import { Link } from 'react-router';
import { CopyButton } from '../../components/copy-button';
import { countOf } from '../../format/plural';
import { useCatalogZone, useCreateCatalogZone, useDeleteCatalogZone } from './catalog-data';

/**
 * The catalog zone (RFC 9432) for the customer's own secondaries: turned on here, its keys and
 * secondaries on the catalog's own TSIG page, since they are the catalog zone's.
 */
export function CatalogCard() {
  const catalog = useCatalogZone();
  const create = useCreateCatalogZone();
  const remove = useDeleteCatalogZone();
  const current = catalog.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Catalog zone</h2>
        </CardTitle>
        <CardDescription>
          For your own secondary servers: a zone listing your zones (RFC 9432), which Knot DNS, BIND, NSD and PowerDNS read to add and remove your zones by
          themselves. It is not a zone of your plan.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {catalog.isPending && <p role="status">Loading the catalog zone…</p>}
        {catalog.isError && <Alert variant="destructive">Could not load the catalog zone: {catalog.error.message}</Alert>}
        {current === null && (
          <div>
            <Button onClick={() => create.mutate()} disabled={create.isPending}>
              {create.isPending ? 'Turning on…' : 'Turn on the catalog zone'}
            </Button>
          </div>
        )}
        {current && current.status === 'deleting' && <p role="status">The catalog zone is being removed.</p>}
        {current && current.status !== 'deleting' && (
          <>
            <dl className="grid gap-2 text-sm sm:grid-cols-[10rem_1fr]">
              <dt className="text-muted-foreground">Name</dt>
              <dd className="flex items-center gap-1 font-mono break-all">
                {current.name}
                <CopyButton text={current.name} label="Copy the catalog zone’s name" />
              </dd>
              <dt className="text-muted-foreground">Lists</dt>
              <dd data-testid="catalog-members">{countOf(current.members.length, 'zone')}</dd>
              <dt className="text-muted-foreground">Serial</dt>
              <dd className="tabular-nums">{current.serial}</dd>
            </dl>
            <p className="text-sm">
              Your secondaries transfer the catalog and every zone it lists with a TSIG key of the catalog, and are sent NOTIFY for all of them.{' '}
              <Link to={`/zones/${current.zone_id}/tsig-keys`} className="text-primary underline underline-offset-4">
                Keys and secondaries of the catalog
              </Link>
            </p>
            <div>
              <ConfirmButton
                title="Turn off the catalog zone?"
                description="It is no longer served. Your secondaries keep its zones until its expire time or until you remove it from their configuration."
                confirm="Turn off"
                action={() => remove.mutateAsync()}
              >
                {(pending) => (pending ? 'Turning off…' : 'Turn off the catalog zone')}
              </ConfirmButton>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
