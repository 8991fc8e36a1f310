/** PostgreSQL's unique_violation, also when the driver wraps it (drizzle puts it in cause). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Object; current = (current as Error).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
