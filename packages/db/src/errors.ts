/** True for PostgreSQL's unique_violation (23505) from either driver, also when wrapped by the ORM. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: any = error; current; current = current.cause) {
    if (current.code === '23505') return constraint === undefined || current.constraint === constraint;
  }
  return false;
}
