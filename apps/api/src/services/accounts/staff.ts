import { randomBytes } from 'node:crypto';
import { eq } from '@kaja/db/orm';
import { users, type Database } from '@kaja/db';
import { recordAudit, systemActor } from '@kaja/zone-writes';
import { insertCustomer } from './customers';
import { hashPassword } from './passwords';

const operatorsCustomer = 'Kaja DNS operators';

/**
 * Makes `email` platform staff (for the operator's command line): an existing user gets the flag;
 * a new one is created, verified, in an operators customer, and its first password is returned.
 */
export async function createStaff(db: Database, rawEmail: string): Promise<{ email: string; created: boolean; password: string | null }> {
  const email = rawEmail.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error(`Not an email address: ${rawEmail}`);
  const password = randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(eq(users.email, email)).for('update');
    let userId: string;
    let customerId: string;
    if (existing) {
      await tx.update(users).set({ isStaff: true, updatedAt: new Date() }).where(eq(users.id, existing.id));
      [userId, customerId] = [existing.id, existing.customerId];
    } else {
      const { customer } = await insertCustomer(tx, { name: operatorsCustomer });
      const [user] = await tx
        .insert(users)
        .values({ customerId: customer.id, email, fullName: 'Platform staff', role: 'owner', isStaff: true, emailVerifiedAt: new Date(), passwordHash })
        .returning();
      [userId, customerId] = [user!.id, customer.id];
    }
    await recordAudit(tx, systemActor, { customerId, action: 'user.staff_granted', targetType: 'user', targetId: userId, summary: { email } });
    return { email, created: !existing, password: existing ? null : password };
  });
}

export async function revokeStaff(db: Database, rawEmail: string): Promise<boolean> {
  const email = rawEmail.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [user] = await tx.update(users).set({ isStaff: false, updatedAt: new Date() }).where(eq(users.email, email)).returning();
    if (!user) return false;
    await recordAudit(tx, systemActor, {
      customerId: user.customerId,
      action: 'user.staff_revoked',
      targetType: 'user',
      targetId: user.id,
      summary: { email },
    });
    return true;
  });
}
