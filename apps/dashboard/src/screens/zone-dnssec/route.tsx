import { StatusLine } from '../zone-tools/status-line';
import { ZoneToolsPage } from '../zone-tools/zone-tools-page';
import { CryptokeysCard } from './cryptokeys-card';
import { useDnssecStatus } from './dnssec-data';
import { DsCard } from './ds-card';
import { SigningCard } from './signing-card';

function ZoneDnssec({ zoneId, zoneName }: { zoneId: string; zoneName: string }) {
  const status = useDnssecStatus(zoneId);
  if (status.isPending) return <StatusLine>Loading the DNSSEC status…</StatusLine>;
  if (status.isError) return <StatusLine error>{status.error.message}</StatusLine>;
  const signed = status.data.state === 'active' || status.data.state === 'disabling';
  return (
    <div className="grid gap-6 [&>*]:min-w-0">
      <SigningCard zoneId={zoneId} status={status.data} />
      {status.data.keys_ready && <DsCard zoneId={zoneId} zoneName={zoneName} />}
      {signed && <CryptokeysCard zoneId={zoneId} algorithm={status.data.algorithm} />}
    </div>
  );
}

/** /zones/:zoneId/dnssec: signing, the DS for the registrar and the zone's keys. */
export default function ZoneDnssecScreen() {
  return <ZoneToolsPage title="DNSSEC">{(zone) => <ZoneDnssec zoneId={zone.id} zoneName={zone.name} />}</ZoneToolsPage>;
}
