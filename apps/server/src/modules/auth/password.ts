import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, 2 passes), the OWASP baseline. */
export const hashPassword = (password: string): Promise<string> => hash(password);

export const verifyPassword = (passwordHash: string, password: string): Promise<boolean> =>
  verify(passwordHash, password);

// Checked against when the customer number is unknown, so that the answer takes as long.
const unknownCustomerHash = hash('unbekannte-kundennummer');
export async function verifyAgainstNothing(password: string): Promise<false> {
  await verify(await unknownCustomerHash, password);
  return false;
}
