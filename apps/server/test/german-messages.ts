import { expect } from 'vitest';

/** zod's and Fastify's own wording, which a customer must never read. */
const TECHNICAL =
  /Ungültig:|Ungültige Eingabe|erwartet|erhalten|Zu (klein|groß)|expected|received|Invalid|must|body\/|querystring|headers\//;

/** A German sentence: starts with a capital letter, ends with a full stop. */
const SENTENCE = /^[A-ZÄÖÜ„].*\.$/s;

/** The error body of our server (error-handler.ts): its message and every field's are German. */
export function expectGermanError(body: unknown) {
  const { message, felder } = body as { message: unknown; felder?: Record<string, unknown> };
  for (const text of [message, ...Object.values(felder ?? {})]) {
    expect(text).toBeTypeOf('string');
    expect(text).toMatch(SENTENCE);
    expect(text).not.toMatch(TECHNICAL);
  }
}
