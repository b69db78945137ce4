import { count, eq } from '@kaja/db/orm';
import { users, type Database } from '@kaja/db';

/** Until a staff user exists, tells the operator how to create one. */
export async function firstRunHint(db: Database): Promise<string | null> {
  const [staff] = await db.select({ value: count() }).from(users).where(eq(users.isStaff, true));
  if (staff!.value > 0) return null;
  return 'First run: create the first staff user with  npm run admin -- create-staff EMAIL';
}
