import type { KeyEncryptionKeys } from '@kaja/config';
import type { KeySource, SigningSettings } from '../keySource';
import { openSealedKeys, type SealedKeys } from '../sealedKeys';

/**
 * The keys of a worker other than the node's lead: the lead's, handed over the node's feed with
 * each zone and after each read of the lead's (`zoneFeed.ts`), sealed as the database and the
 * snapshot hold them, and opened here. Such a worker never reads keys itself, so it signs with
 * exactly the keys the lead signs with, whether the lead read them from the database or from its
 * snapshot. A zone whose keys the lead has not read yet is `awaited`.
 */
export class FedKeySource implements KeySource {
  /** Per zone, the lead's keys (undefined: unsigned) and their text, to tell a change from a repeat. */
  private readonly held = new Map<string, { keys: SealedKeys | undefined; text: string }>();
  private readonly listeners: ((zone: string) => void)[] = [];

  constructor(private readonly keyEncryptionKey: KeyEncryptionKeys) {}

  async settings(zone: string): Promise<SigningSettings | undefined | 'awaited'> {
    const held = this.held.get(zone);
    if (!held) return 'awaited';
    return held.keys && openSealedKeys(zone, held.keys, this.keyEncryptionKey);
  }

  /** The keys a zone about to be put comes with: the signing reads them when it follows the put. */
  hold(zone: string, keys: SealedKeys | undefined): void {
    this.held.set(zone, { keys, text: JSON.stringify(keys ?? null) });
  }

  /** Keys the lead read again for a zone served here: the signing is told when they differ from those held. */
  take(zone: string, keys: SealedKeys | undefined): void {
    const text = JSON.stringify(keys ?? null);
    if (this.held.get(zone)?.text === text) return;
    this.held.set(zone, { keys, text });
    for (const listener of this.listeners) listener(zone);
  }

  forget(zone: string): void {
    this.held.delete(zone);
  }

  onChange(listener: (zone: string) => void): void {
    this.listeners.push(listener);
  }
}
