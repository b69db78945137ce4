import { expect } from 'vitest';
import { auditEvents } from '@kaja/db';
import { and, eq } from '@kaja/db/orm';
import { apiTest } from '../../apiTest';
import { signInStaff } from '../../testing';

const request = (subject: string) => ({ name: 'Ada', email: 'ada@example.com', subject, message: 'My zone does not resolve.', source: '/support' });

apiTest('staff read support requests newest first and mark them answered, audited', async ({ api }) => {
  const staff = await signInStaff(api);
  const asStaff = (method: string, path: string, body?: unknown) => api.request(method, path, { token: staff.accessToken, body });
  const first = (await api.request('POST', '/support', { body: request('First question') })).body.data.id as string;
  const second = (await api.request('POST', '/support', { body: request('Second question') })).body.data.id as string;

  const listed = await asStaff('GET', '/support');
  expect(listed.status).toBe(200);
  expect(listed.body.data.slice(0, 2).map((item: { id: string }) => item.id)).toEqual([second, first]);
  expect(listed.body.data[0]).toMatchObject({ email: 'ada@example.com', subject: 'Second question', handled_at: null });

  const handled = await asStaff('PATCH', `/support/${first}`, { handled: true });
  expect(handled.body.data).toMatchObject({ id: first, handled_by: expect.any(String), handled_at: expect.any(String) });
  const open = (await asStaff('GET', '/support?state=open')).body.data.map((item: { id: string }) => item.id);
  expect(open).toContain(second);
  expect(open).not.toContain(first);
  expect((await asStaff('GET', '/support?state=handled')).body.data.map((item: { id: string }) => item.id)).toEqual([first]);
  expect((await asStaff('GET', `/support/${first}`)).body.data.message).toBe('My zone does not resolve.');

  expect((await asStaff('PATCH', `/support/${first}`, { handled: false })).body.data.handled_at).toBeNull();
  const audited = await api.database.db
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .where(and(eq(auditEvents.targetType, 'support_request'), eq(auditEvents.targetId, first)));
  expect(audited.map((event) => event.action).sort()).toEqual(['support_request.handled', 'support_request.reopened']);
  expect((await asStaff('GET', '/support/00000000-0000-4000-8000-000000000000')).status).toBe(404);
});
