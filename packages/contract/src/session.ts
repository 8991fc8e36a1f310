/**
 * The browser's session and login's statuses, without zod: every page reads the stored session
 * before it renders, the login page included, and that page loads no schema library.
 */

/** Login's own statuses beside 200 and 401 (spec §7.1). */
export const LOGIN_STATUS_MUST_CHANGE_PASSWORD = 700;
export const LOGIN_STATUS_NO_PORTAL_ACCESS = 702;
/** How long the forced-change state lasts in the browser (spec §9). */
export const FORCED_CHANGE_SESSION_SECONDS = 300;
export const SESSION_STORAGE_KEY = 'ekp-token';

/** Kept in local storage under ekp-token. An empty token is the forced-change state. */
export interface Session {
  token: string;
  /** When the session ends, ISO 8601 with offset. */
  ablaufdatum: string;
  kundennummer: string;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A stored session, or undefined when the value is none (edited, from an older version). */
export function parseSession(value: unknown): Session | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { token, ablaufdatum, kundennummer } = value as Record<string, unknown>;
  if (typeof token !== 'string' || typeof kundennummer !== 'string') return undefined;
  if (typeof ablaufdatum !== 'string' || !ISO_INSTANT.test(ablaufdatum)) return undefined;
  if (Number.isNaN(Date.parse(ablaufdatum))) return undefined;
  return { token, ablaufdatum, kundennummer };
}

/** Login and password change answer the customer number in the body (spec §7.1). */
export interface SessionAnswer {
  kundennummer: string;
}

export function parseSessionAnswer(value: unknown): SessionAnswer | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { kundennummer } = value as Record<string, unknown>;
  return typeof kundennummer === 'string' ? { kundennummer } : undefined;
}
