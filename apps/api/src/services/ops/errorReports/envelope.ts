/**
 * Reads the Sentry envelope format (https://develop.sentry.dev/sdk/data-model/envelopes/): a JSON
 * header line, then items, each a JSON header line and a payload of `length` bytes or up to the next
 * newline. Only `event` items matter here; sessions and client reports are skipped.
 */

/** At most this many events are taken from one envelope (the SDK sends one). */
export const maxEventsPerEnvelope = 10;

export class EnvelopeError extends Error {}

export function eventsOfEnvelope(body: string): unknown[] {
  const bytes = Buffer.from(body, 'utf8');
  let offset = 0;
  const readLine = (): string | null => {
    if (offset >= bytes.length) return null;
    let end = bytes.indexOf(0x0a, offset);
    if (end === -1) end = bytes.length;
    const line = bytes.subarray(offset, end).toString('utf8');
    offset = end + 1;
    return line;
  };
  const json = (text: string, what: string): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      throw new EnvelopeError(`The envelope's ${what} is not JSON`);
    }
  };
  const header = readLine();
  if (header === null || typeof json(header, 'header') !== 'object') throw new EnvelopeError('The envelope has no header');
  const events: unknown[] = [];
  for (let itemHeaderText = readLine(); itemHeaderText !== null; itemHeaderText = readLine()) {
    if (itemHeaderText.trim() === '') continue;
    const itemHeader = json(itemHeaderText, 'item header') as { type?: unknown; length?: unknown } | null;
    if (!itemHeader || typeof itemHeader !== 'object') throw new EnvelopeError('An item header is not an object');
    let payload: string;
    if (typeof itemHeader.length === 'number' && Number.isInteger(itemHeader.length) && itemHeader.length >= 0) {
      if (offset + itemHeader.length > bytes.length) throw new EnvelopeError('An item is shorter than its length');
      payload = bytes.subarray(offset, offset + itemHeader.length).toString('utf8');
      offset += itemHeader.length;
      // The newline after a payload of known length is optional.
      if (bytes[offset] === 0x0a) offset += 1;
    } else {
      payload = readLine() ?? '';
    }
    if (itemHeader.type !== 'event') continue;
    if (events.length === maxEventsPerEnvelope) throw new EnvelopeError(`An envelope carries at most ${maxEventsPerEnvelope} events`);
    events.push(json(payload, 'event'));
  }
  return events;
}
