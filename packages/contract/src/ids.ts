/**
 * Ids are PostgreSQL `integer` columns: a number past their range names nothing, and must not
 * reach a query, where it is an error rather than a miss.
 */
export const MAX_ID = 2_147_483_647;

/** Is this a number an id can be: whole, positive, within PostgreSQL's integer? */
const isId = (value: number) => Number.isInteger(value) && value > 0 && value <= MAX_ID;

/**
 * What IdSchema accepts, without zod: the web matches /vertrag/$id with it before any schema has
 * loaded (the login page loads no zod).
 */
export function parseId(value: unknown): number | undefined {
  const number = Number(value);
  return isId(number) ? number : undefined;
}
