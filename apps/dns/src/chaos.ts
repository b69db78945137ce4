import { DnsClass, Rcode, TXT } from '@kaja/dns-model';
import { type Answer, emptyAnswer } from './answer';
import { Type } from './rrtypes';

/** The CHAOS-class names that identify the node answering (RFC 4892). */
const identityNames = new Set(['id.server', 'hostname.bind']);

/** CH TXT id.server and hostname.bind name the node; other CHAOS queries are refused. */
export function chaosAnswer(qname: string, qtype: number, nodeName: string): Answer {
  if (!identityNames.has(qname)) return emptyAnswer(Rcode.REFUSED);
  const answer = emptyAnswer(Rcode.NOERROR);
  answer.aa = true;
  if (qtype === Type.TXT || qtype === Type.ANY) {
    answer.answer.push({ name: qname, type: Type.TXT, ttl: 0, rdata: [TXT.toWire(`"${nodeName.replace(/["\\]/g, '\\$&')}"`)], class: DnsClass.CH });
  }
  return answer;
}
