import type { z } from 'zod';
import { HttpError } from './http-error';

/**
 * Parses a payload with the contract's schema where the route's cannot know everything (the day
 * by the server's clock, the holidays): 400 with the first message and one per field, as the
 * error handler answers a route's own schema; nothing is written.
 */
export function parseInput<T extends z.ZodType>(
  schema: T,
  input: unknown,
  fallback: string,
): z.output<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const felder: Record<string, string> = {};
  for (const issue of parsed.error.issues)
    felder[issue.path.join('.') || 'eingabe'] ??= issue.message;
  throw new HttpError(400, Object.values(felder)[0] ?? fallback, felder);
}
