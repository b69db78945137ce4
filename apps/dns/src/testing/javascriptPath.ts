import { Responder } from '../respond';
import type { ZoneSigning } from '../signing';
import type { ZoneStore } from '../zoneStore';

/**
 * Counts the UDP queries that reach JavaScript's cached path: every query the addon leaves goes
 * there first.
 */
export function spyOnJavaScript(responder: Responder): { count: number } {
  const calls = { count: 0 };
  const original = responder.respondFromCache.bind(responder);
  responder.respondFromCache = (...args) => {
    calls.count++;
    return original(...args);
  };
  return calls;
}

/**
 * The answer JavaScript gives the packet, from a responder of its own over the same zones (and
 * signer), its cache small: a full-sized one is megabytes of arrays made for each answer.
 */
export function javascriptAnswer(zones: ZoneStore, packet: Buffer, signing?: ZoneSigning): Buffer {
  return new Responder(zones, { nodeName: 'test-node', signing, answerCacheSize: 16 }).respond(packet, false) as Buffer;
}
