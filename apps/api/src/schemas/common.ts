import { z } from 'zod';
import { errorStatuses } from '../errors';
import { text } from './text';

export const successEnvelope = <T extends z.ZodType>(data: T) => z.object({ status: z.literal('success'), data });

export const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({
    status: z.literal('success'),
    data: z.array(item),
    meta: z.object({ total: z.number().int(), limit: z.number().int(), offset: z.number().int() }),
  });

export const errorEnvelope = z
  .object({
    status: z.literal('error'),
    error: z.object({
      code: z.enum(Object.keys(errorStatuses) as [keyof typeof errorStatuses, ...(keyof typeof errorStatuses)[]]),
      message: z.string(),
      details: z.record(z.string(), z.unknown()),
    }),
  })
  .meta({ id: 'Error' });

/** `?limit&offset`: limit 1..100 (default 10), offset >= 0 (default 0). */
export const pagination = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  offset: z.coerce.number().int().min(0).default(0),
});

export type Pagination = z.infer<typeof pagination>;

export const idParams = z.object({ id: z.uuid() });

export const message = successEnvelope(z.object({ message: z.string() }));

export const timestamp = z.iso.datetime({ offset: true });

/** Errors every route can answer with, for the OpenAPI document. */
export const commonErrors = {
  400: errorEnvelope,
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  413: errorEnvelope,
  422: errorEnvelope,
  429: errorEnvelope,
  500: errorEnvelope,
};

export const email = z
  .email()
  .max(254)
  .transform((value) => value.toLowerCase());

export const password = text({ freeForm: true }).min(10).max(256);

/** A true/false query parameter (`true`, `false`, `1` or `0`). */
export const queryFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');
