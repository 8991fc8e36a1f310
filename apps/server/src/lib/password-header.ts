/**
 * Headers carry bytes. The web sends the password's UTF-8 bytes, one ISO-8859-1 character
 * each; Node hands them to us as latin1, so we turn them back into text (docs/decisions/003-passwords-in-headers.md).
 */
export function passwordFromHeader(value: string): string {
  return Buffer.from(value, 'latin1').toString('utf8');
}
