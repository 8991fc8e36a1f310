import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ApiError } from '@kundenportal/contract';
import type { OperatorKey, OperatorScope } from '../config';

declare module 'fastify' {
  interface FastifyRequest {
    /** The name of the operator key the call authenticated with (operator listener only). */
    operatorKey: string | null;
  }
  interface FastifyContextConfig {
    /** false: a call that reads no customer's data and comes often (/metrics), not audited. */
    audited?: boolean;
    /** What a key needs for the route (set by operatorScope); a route without one serves no key. */
    operatorScope?: OperatorScope;
  }
}

export const OperatorAuthMessages = {
  missing:
    'Für die Betriebsschnittstelle ist ein Schlüssel nötig: bitte als „Authorization: Bearer <Schlüssel>“ senden.',
  invalid:
    'Der Schlüssel ist ungültig. Die Betriebsschnittstelle nimmt nur ihre eigenen Schlüssel an, keine Anmeldung eines Kunden.',
  throttled:
    'Zu viele Anfragen mit ungültigem Schlüssel von dieser Adresse. Bitte versuchen Sie es in einer Minute erneut.',
  forbidden: (scope: OperatorScope | undefined) =>
    scope
      ? `Dieser Schlüssel darf das nicht: ihm fehlt der Bereich „${scope}“. Er wird in BETRIEB_KEYS nach dem Hash eingetragen (name:<sha-256 hex>:${scope}).`
      : 'Dieser Aufruf ist keinem Bereich zugeordnet und steht keinem Schlüssel offen.',
} as const;

/** Every route registered in `app` (and its children) needs `scope` of the calling key. */
export function operatorScope(app: FastifyInstance, scope: OperatorScope) {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, operatorScope: scope };
  });
}

/** What an authenticated call leaves in the operator audit (who, what, from where). */
export interface OperatorCall {
  schluessel: string;
  methode: string;
  pfad: string;
  adresse: string;
}

const FAILURE_WINDOW_MS = 60_000;
/** Client addresses whose failures are counted at once; the oldest are forgotten first. */
const TRACKED_ADDRESSES = 10_000;
const BEARER = /^Bearer ([\x21-\x7e]{1,512})$/;

/**
 * The operator listener's door, on EVERY route of the operator app (route plugins have no auth
 * code of their own). An unauthenticated call costs one SHA-256 of at most 512 bytes and a map
 * lookup, no database: the key's hash is compared with every configured hash in constant time
 * (all of them, whichever matches). The key is compared first and only failures are throttled:
 * a guesser at an address (maybe a NAT shared with the billing system) cannot lock the right
 * key out, and after too many failures in a minute its further wrong keys answer 429. A key
 * without the route's scope is refused (403) before the audit. An authenticated call is written
 * to the audit before it runs: a call that cannot be audited is not made. Routes configured
 * `audited: false` are not written.
 */
export function registerOperatorAuth(
  app: FastifyInstance,
  options: {
    keys: OperatorKey[];
    failuresPerMinute: number;
    audit: (call: OperatorCall) => Promise<void>;
  },
) {
  const failures = new LRUCache<string, { count: number }>({
    max: TRACKED_ADDRESSES,
    ttl: FAILURE_WINDOW_MS,
    // The window starts with the first failure; later failures do not prolong it.
    noUpdateTTL: true,
  });

  function refuse(request: FastifyRequest, reply: FastifyReply, message: string) {
    const entry = failures.get(request.ip);
    if (entry && entry.count >= options.failuresPerMinute) {
      const left = Math.max(1, Math.ceil(failures.getRemainingTTL(request.ip) / 1000));
      return reply
        .code(429)
        .header('retry-after', String(left))
        .send({ message: OperatorAuthMessages.throttled } satisfies ApiError);
    }
    if (entry) entry.count++;
    else failures.set(request.ip, { count: 1 });
    request.log.warn({ address: request.ip }, 'operator call refused: no valid key');
    return reply
      .code(401)
      .header('www-authenticate', 'Bearer realm="Betriebsschnittstelle"')
      .send({ message } satisfies ApiError);
  }

  function keyOf(presented: string): OperatorKey | undefined {
    const hash = createHash('sha256').update(presented, 'utf8').digest();
    let found: OperatorKey | undefined;
    for (const key of options.keys) if (timingSafeEqual(hash, key.sha256)) found ??= key;
    return found;
  }

  app.decorateRequest('operatorKey', null);
  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers.authorization;
    if (!header) return refuse(request, reply, OperatorAuthMessages.missing);
    const presented = BEARER.exec(header)?.[1];
    const key = presented === undefined ? undefined : keyOf(presented);
    if (!key) return refuse(request, reply, OperatorAuthMessages.invalid);
    const scope = request.routeOptions.config.operatorScope;
    // A path no route has (404) needs no scope; a route that was given none serves no key.
    if (request.is404 !== true && (scope === undefined || !key.scopes.has(scope))) {
      request.log.warn({ key: key.name, scope }, 'operator call refused: key lacks the scope');
      return reply
        .code(403)
        .send({ message: OperatorAuthMessages.forbidden(scope) } satisfies ApiError);
    }
    request.operatorKey = key.name;
    if (request.routeOptions.config.audited === false) return;
    await options.audit({
      schluessel: key.name,
      methode: request.method,
      pfad: request.url.slice(0, 1000),
      adresse: request.ip,
    });
  });
}
