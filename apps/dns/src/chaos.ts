import { DnsClass, Rcode, RRType, TXT } from '@kaja/dns-model';
import { type Answer, emptyAnswer } from './answer';

/** The CHAOS-class names that identify the node answering (RFC 4892). */
const identityNames = new Set(['id.server', 'hostname.bind']);

/** CH TXT id.server and hostname.bind name the node; other CHAOS queries are refused. */
export function chaosAnswer(qname: string, qtype: number, nodeName: string): Answer {
  if (!identityNames.has(qname)) return emptyAnswer(Rcode.REFUSED);
  const answer = emptyAnswer(Rcode.NOERROR);
  answer.aa = true;
  if (qtype === RRType.TXT || qtype === RRType.ANY) {
    answer.answer.push({ name: qname, type: RRType.TXT, ttl: 0, rdata: [TXT.toWire(`"${nodeName.replace(/["\\]/g, '\\$&')}"`)], class: DnsClass.CH });
  }
  return answer;
}
