import { z } from 'zod';

/** Who is behind a change, named for the customer reading it (decision 055); the same in the history and the audit log. */
export const actorNames = {
  person: z
    .object({
      relation: z
        .enum(['member', 'former_member', 'staff', 'outside'])
        .describe('member: in the team now; former_member: removed or gone to another customer; staff: Kaja DNS staff; outside: anyone else'),
      full_name: z.string().nullable().describe('For members, and for former members as they were when they left'),
      email: z.string().nullable().describe('For members only'),
    })
    .nullable()
    .describe('The person acting (for an API key: the person it belongs to); null for the platform and TSIG keys'),
  api_key_name: z.string().nullable().describe('The name of the API key used; null without a key, or when the key is gone'),
};
