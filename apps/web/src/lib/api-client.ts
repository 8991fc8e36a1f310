import type { z } from 'zod';
import { Messages } from '@kundenportal/contract';
import { mandant } from '../config/mandant';
import { sessionStore } from '../session/session-store';
import { isCodeLoadFailure } from './code-load-failure';
import { yieldToBrowser } from './yield-to-browser';

/** The status of a call that got no answer at all (network down, server unreachable). */
export const NO_ANSWER = 0;

/**
 * A failed call: the status (NO_ANSWER without one), the server's German message where it sent
 * one, and field messages.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
    readonly felder: Record<string, string> = {},
  ) {
    super(
      isTechnicalStatus(status)
        ? Messages.unexpectedTechnicalError
        : (serverMessage ?? Messages.unknownError),
    );
    this.name = 'ApiError';
  }

  /** 5xx or no answer: not the customer's doing, so spec §8.1's text. */
  get technical(): boolean {
    return isTechnicalStatus(this.status);
  }
}

const isTechnicalStatus = (status: number) => status === NO_ANSWER || status >= 500;

/**
 * The one rule for the text of a failed call, on every card and form: a 5xx or network failure
 * shows spec §8.1's text; a 4xx the server's message, else the screen's own text of spec §8.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (needsConnection(error)) return OFFLINE_MESSAGE;
  if (isCodeLoadFailure(error)) return Messages.unexpectedTechnicalError;
  if (error instanceof ApiError)
    return error.technical ? error.message : (error.serverMessage ?? fallback);
  return fallback;
}

/** What a screen says in place of what it could not load while the browser is offline. */
export const OFFLINE_MESSAGE = 'Diese Ansicht braucht eine Internetverbindung.';

/** A call that got no answer because the browser is offline (not because the server failed). */
export const needsConnection = (error: unknown) =>
  error instanceof ApiError && error.status === NO_ANSWER && !navigator.onLine;

export const isAbort = (error: unknown) =>
  error instanceof DOMException && error.name === 'AbortError';

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Statuses the caller handles itself instead of an ApiError (login's 700 and 702). */
  passStatuses?: number[];
}

export interface ApiAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The field messages of an error answer (ApiError's felder): only string values count. */
function fieldMessagesOf(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return Object.fromEntries(entries);
}

/**
 * The German message of an error answer (the contract's ApiError, or a refused reading's hinweis
 * of spec §7.3), read without zod: every page needs this, the login page included, and it loads
 * no schema library.
 */
function serverMessageOf(body: unknown): { message?: string; felder?: Record<string, string> } {
  if (typeof body === 'string' && body.trim() !== '') return { message: body };
  if (!isRecord(body)) return {};
  const hinweis = typeof body.hinweis === 'string' ? body.hinweis : undefined;
  const message = typeof body.message === 'string' ? body.message : undefined;
  return {
    message: hinweis ?? message,
    felder: message ? fieldMessagesOf(body.felder) : undefined,
  };
}

/**
 * The one way the web talks to the API: base URL of the variant, token and customer number,
 * ttl renewal, 401 ends the session, errors as ApiError. No timeout (spec §7); an abort
 * propagates as AbortError and is ignored by the callers.
 */
async function send(path: string, request: ApiRequest): Promise<Response> {
  const session = sessionStore.get();
  const headers = new Headers(request.headers);
  if (session) {
    if (!headers.has('kundennummer')) headers.set('kundennummer', session.kundennummer);
    if (session.token !== '' && !headers.has('token')) headers.set('token', session.token);
  }
  if (request.body !== undefined) headers.set('content-type', 'application/json');

  let response: Response;
  try {
    response = await fetch(`${mandant.apiBasisUrl}${path}`, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(NO_ANSWER, undefined);
  }
  const ttl = Number(response.headers.get('ttl'));
  if (ttl > 0) sessionStore.renew(ttl);
  if (response.ok || request.passStatuses?.includes(response.status)) return response;

  if (response.status === 401) sessionStore.end();
  const { message, felder } = serverMessageOf(await readBody(response));
  throw new ApiError(response.status, message, felder);
}

export async function apiRequest(path: string, request: ApiRequest = {}): Promise<ApiAnswer> {
  const response = await send(path, request);
  return { status: response.status, headers: response.headers, body: await readBody(response) };
}

/**
 * A call that changes something, its answer parsed with the contract's schema (NoContentSchema
 * for a 204): the one way a mutation reads its answer. With status and headers, for the calls
 * that read them (a session's token, login's own statuses).
 */
export async function apiSendAnswer<T extends z.ZodType>(
  path: string,
  request: ApiRequest & { method: 'POST' | 'PUT' | 'DELETE' },
  schema: T,
): Promise<ApiAnswer & { body: z.infer<T> }> {
  const answer = await apiRequest(path, request);
  return { ...answer, body: schema.parse(answer.body) };
}

/** apiSendAnswer's parsed body alone, for the many calls that need nothing else. */
export async function apiSend<T extends z.ZodType>(
  path: string,
  request: ApiRequest & { method: 'POST' | 'PUT' | 'DELETE' },
  schema: T,
): Promise<z.infer<T>> {
  return (await apiSendAnswer(path, request, schema)).body;
}

/** A file the API sends as an attachment, with the name from its content-disposition. */
export async function apiDownload(
  path: string,
  fallbackName: string,
): Promise<{ blob: Blob; filename: string }> {
  const response = await send(path, {});
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="([^"]+)"/i.exec(disposition)?.[1];
  const filename = encoded ? decodeURIComponent(encoded) : (plain ?? fallbackName);
  return { blob: await response.blob(), filename };
}

/** The schemas whose first use is behind them. */
const built = new WeakSet<z.ZodType>();

/**
 * The contract builds a schema on its first use (docs/decisions/027-schemas-built-on-first-use.md), and zod's first
 * parse walks the whole schema (its check for recursion), which builds every schema within it:
 * a value it refuses at once does that and nothing more. True where this built it.
 */
function build(schema: z.ZodType): boolean {
  if (built.has(schema)) return false;
  schema.safeParse(undefined);
  built.add(schema);
  return true;
}

/**
 * Builds the schema while its answer is on the way, when the page's thread is idle (after its
 * paint, not before), in a task of its own, not in the task that parses the answer and draws the
 * page with it (on the history at 4× a quarter of that task).
 */
function buildWhileWaiting(schema: z.ZodType) {
  const whenIdle = () => build(schema);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(whenIdle);
  else setTimeout(whenIdle);
}

/** A GET whose answer is parsed with the contract's schema. */
export async function apiGet<T extends z.ZodType>(
  path: string,
  schema: T,
  signal?: AbortSignal,
): Promise<z.infer<T>> {
  const answer = apiRequest(path, { signal });
  buildWhileWaiting(schema);
  const { body } = await answer;
  // Where the answer came first (the page was busy, the network fast), the build takes a task
  // of its own before the parse: on a contract's detail page at 6× the readings' build was
  // 55 ms of a 92 ms task.
  if (build(schema)) await yieldToBrowser();
  return schema.parse(body);
}
