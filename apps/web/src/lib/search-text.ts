/**
 * One text of a route's query string, or undefined when it is missing or empty. The router reads
 * a value that looks like JSON as such, so a meter number of digits arrives as a number.
 */
export function searchText(value: unknown, { trim = false } = {}): string | undefined {
  const text =
    typeof value === 'string'
      ? value
      : typeof value === 'number' && Number.isSafeInteger(value)
        ? String(value)
        : undefined;
  const result = trim ? text?.trim() : text;
  return result === '' ? undefined : result;
}
