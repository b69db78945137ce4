import type { Zone } from '../zones/zones-data';
import { SnippetBlock } from './snippet-block';
import { certbotSnippet, knotSnippet, nsupdateSnippet } from './snippets';
import type { TsigKey } from './tsig-data';

/** The snippets that fit what the key may do: updates (nsupdate, certbot) and transfers (Knot). */
export function KeySnippets({ zone, tsigKey, secret }: { zone: Zone; tsigKey: TsigKey; secret: string | null }) {
  const input = { zone, key: tsigKey, secret };
  return (
    <div className="grid gap-4">
      {!secret && <p className="text-sm text-muted-foreground">The secret was shown once, when the key was created: put it where the snippets say.</p>}
      {tsigKey.can_update && (
        <>
          <SnippetBlock
            title="nsupdate"
            hint="Writes the key to a file only you can read, then sends one update. Change the update lines to what you need."
            text={nsupdateSnippet(input)}
          />
          <SnippetBlock
            title="certbot"
            hint="Writes the credentials file of certbot-dns-rfc2136 (the server must be an address), then asks for a certificate for the zone and its wildcard."
            text={certbotSnippet(input)}
          />
        </>
      )}
      {tsigKey.can_transfer && (
        <SnippetBlock
          title="Knot DNS secondary"
          hint="Writes Knot's key, primary, NOTIFY and zone settings with our name servers' addresses. Add them to knot.conf and run knotc reload."
          text={knotSnippet(input)}
        />
      )}
    </div>
  );
}
