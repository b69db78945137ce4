import { ZoneToolsPage } from '../zone-tools/zone-tools-page';
import { SecondariesCard } from './secondaries-card';
import { TsigKeysCard } from './tsig-keys-card';

/** /zones/:zoneId/tsig-keys: the zone's TSIG keys with their snippets, and its secondaries. */
export default function ZoneTsigScreen() {
  return (
    <ZoneToolsPage title="TSIG keys and secondaries">
      {(zone) => (
        <div className="grid gap-6 [&>*]:min-w-0">
          <TsigKeysCard zone={zone} />
          <SecondariesCard zone={zone} />
        </div>
      )}
    </ZoneToolsPage>
  );
}
