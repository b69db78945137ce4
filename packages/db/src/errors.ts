/** True for PostgreSQL's unique_violation (23505) from either driver, also when wrapped by the ORM. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error; typeof current === 'object' && current !== null; current = (current as { cause?: unknown }).cause) {
    const failure = current as { code?: unknown; constraint?: unknown };
    if (failure.code === '23505') return constraint === undefined || failure.constraint === constraint;
  }
  return false;
}
