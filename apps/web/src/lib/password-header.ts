/**
 * A header carries ISO-8859-1 only; Chromium throws on "€". We send the password's UTF-8 bytes,
 * one character each, and the server decodes them (docs/decisions/003-passwords-in-headers.md).
 */
export function passwordHeaderValue(password: string): string {
  return Array.from(new TextEncoder().encode(password), (byte) => String.fromCharCode(byte)).join(
    '',
  );
}
