import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../../plugins/app/authentication';
import { commonErrors, listEnvelope, pagination, successEnvelope } from '../../../schemas/common';
import { cryptokey, cryptokeyDeleted, cryptokeyInput, cryptokeyParams, dnssecStatus, dnssecStatusInput, dsList, forceQuery } from '../../../schemas/dnssec';
import { zoneParams } from '../../../schemas/zones';
import * as dnssecService from '../../../services/zones/dnssec';
import * as keysService from '../../../services/zones/dnssecKeys';
import type { ZoneContext } from '../../../services/context';

const tags = ['dnssec'];

/** /zones/{id}/dnssec: signing status, cryptokeys and DS records. */
export const dnssecRoutes: FastifyPluginAsyncZod<{ ctx: ZoneContext }> = async (app, { ctx }) => {
  app.get(
    '/zones/:id/dnssec/status',
    {
      config: { scope: 'zones:read' },
      schema: {
        tags,
        summary: 'Whether the zone is signed, and whether its keys are ready for a DS at the registrar',
        params: zoneParams,
        response: { 200: successEnvelope(dnssecStatus), ...commonErrors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await dnssecService.getDnssecStatus(ctx, principalOf(request), request.params.id) }),
  );

  app.patch(
    '/zones/:id/dnssec/status',
    {
      config: { scope: 'dnssec:write' },
      schema: {
        tags,
        summary: 'Turn signing on or off; choose NSEC or NSEC3',
        description:
          '`enabled: true` answers at once with state `signing`; a KSK and a ZSK (`algorithm`, default ECDSAP256SHA256) are generated in the background and the state becomes `active`: poll until `keys_ready`. `enabled: false` needs the DS removed at the registrar first: the state becomes `disabling`, the zone stays signed and publishes delete CDS/CDNSKEY, and the keys are removed at `keys_removed_at` (state `off`). Turning signing on again before then keeps the same keys. `nsec3` switches denial of existence (RFC 9276 parameters).',
        params: zoneParams,
        body: dnssecStatusInput,
        response: { 200: successEnvelope(dnssecStatus), ...commonErrors },
      },
    },
    async (request) => {
      const data = await dnssecService.updateDnssecStatus(ctx, principalOf(request), request.params.id, request.body);
      app.jobs.wake();
      return { status: 'success' as const, data };
    },
  );

  app.get(
    '/zones/:id/dnssec/cryptokeys',
    {
      config: { scope: 'zones:read' },
      schema: {
        tags,
        summary: 'The zone’s keys, oldest first: all are published in the DNSKEY set, the active ones sign',
        params: zoneParams,
        querystring: pagination,
        response: { 200: listEnvelope(cryptokey), ...commonErrors },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { items, total } = await keysService.listCryptokeys(ctx, principalOf(request), request.params.id, request.query);
      return { status: 'success' as const, data: items, meta: { total, limit, offset } };
    },
  );

  app.post(
    '/zones/:id/dnssec/cryptokeys',
    {
      config: { scope: 'dnssec:write' },
      schema: {
        tags,
        summary: 'Generate a key (inactive unless `active: true`) and publish it in the DNSKEY set',
        description: 'For rollovers: publish a new key inactive, wait for the DNSKEY TTL, then activate it. Needs the DNSSEC state `active`.',
        params: zoneParams,
        body: cryptokeyInput,
        response: { 201: successEnvelope(cryptokey), ...commonErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ status: 'success', data: await keysService.createCryptokey(ctx, principalOf(request), request.params.id, request.body) }),
  );

  app.get(
    '/zones/:id/dnssec/cryptokeys/:keyId',
    {
      config: { scope: 'zones:read' },
      schema: { tags, summary: 'One key (never its private key)', params: cryptokeyParams, response: { 200: successEnvelope(cryptokey), ...commonErrors } },
    },
    async (request) => ({
      status: 'success' as const,
      data: await keysService.getCryptokey(ctx, principalOf(request), request.params.id, request.params.keyId),
    }),
  );

  app.put(
    '/zones/:id/dnssec/cryptokeys/:keyId',
    {
      config: { scope: 'dnssec:write' },
      schema: {
        tags,
        summary: 'Activate or deactivate a key',
        description:
          'An inactive key stays published but signs nothing. Deactivating the last active KSK (or the last active key) needs `?force=true`; the answer then carries a `warning`.',
        params: cryptokeyParams,
        querystring: forceQuery,
        body: cryptokeyInput.pick({ active: true }).required(),
        response: { 200: successEnvelope(cryptokey), ...commonErrors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await keysService.updateCryptokey(ctx, principalOf(request), request.params.id, request.params.keyId, request.body, request.query.force),
    }),
  );

  app.delete(
    '/zones/:id/dnssec/cryptokeys/:keyId',
    {
      config: { scope: 'dnssec:write' },
      schema: {
        tags,
        summary: 'Remove a key from the DNSKEY set',
        description: 'An active key (the DS or cached signatures may depend on it) needs `?force=true`, and the answer warns that validation may break.',
        params: cryptokeyParams,
        querystring: forceQuery,
        response: { 200: successEnvelope(cryptokeyDeleted), ...commonErrors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await keysService.deleteCryptokey(ctx, principalOf(request), request.params.id, request.params.keyId, request.query.force),
    }),
  );

  app.get(
    '/zones/:id/dnssec/ds',
    {
      config: { scope: 'zones:read' },
      schema: {
        tags,
        summary: 'DS records (SHA-256, SHA-384) and DNSKEY records of the active KSKs, for the registrar',
        description: 'Empty until the state is `active`.',
        params: zoneParams,
        response: { 200: successEnvelope(dsList), ...commonErrors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await dnssecService.getDs(ctx, principalOf(request), request.params.id) }),
  );
};
