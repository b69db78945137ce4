import { describe, expect, it } from 'vitest';
import { boundedList, maxWebhookPayloadBytes, recordsChangedEvent } from './webhookEvents';

describe('the bounds of a webhook event', () => {
  it('keeps the leading items that fit and says how many there were', () => {
    const items = Array.from({ length: 10 }, (_, index) => ({ content: `${index}`.padStart(20, 'x') }));
    const kept = boundedList(items, 150);
    expect(kept.count).toBe(10);
    expect(kept.truncated).toBe(true);
    expect(kept.items).toEqual(items.slice(0, kept.items.length));
    expect(Buffer.byteLength(JSON.stringify(kept.items))).toBeLessThanOrEqual(150);
    expect(boundedList(items, 10_000)).toEqual({ items, count: 10, truncated: false });
  });

  it('keeps a records change of a whole big import inside the payload bound', () => {
    const record = (index: number) => ({ name: `host-${index}.example.com`, type: 'TXT', ttl: 3600, content: `"${'v'.repeat(200)}"` });
    const added = Array.from({ length: 100_000 }, (_, index) => record(index));
    const data = recordsChangedEvent(
      { id: '00000000-0000-4000-8000-000000000000', name: 'example.com' },
      { previousSerial: 1, serial: 2, source: 'import', actor: { type: 'api_key', user_id: null, api_key_id: null }, removed: [], added },
    );
    expect(data).toMatchObject({ added_count: 100_000, removed_count: 0, truncated: true });
    expect(Buffer.byteLength(JSON.stringify({ type: 'zone.records_changed', timestamp: new Date().toISOString(), data }))).toBeLessThan(maxWebhookPayloadBytes);
  });
});
