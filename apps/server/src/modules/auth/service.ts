import {
  LOGIN_STATUS_MUST_CHANGE_PASSWORD,
  LOGIN_STATUS_NO_PORTAL_ACCESS,
  Messages,
  type ChangePasswordInput,
} from '@kundenportal/contract';
import type { AppConfig } from '../../config';
import type { LoginResult } from '../../lib/metrics';
import type { Database, Executor } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { charge, clearCounter, isExhausted, uncharge, type Charge } from '../../lib/rate-limits';
import { newToken } from '../../lib/tokens';
import type { Mailer } from '../../mail/mailer';
import { writeAudit } from '../audit/repo';
import { endUnconfirmedChanges } from '../email-change/repo';
import { passwordChangedMail } from './password-changed-mail';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './password';
import * as repo from './repo';

const WRONG_CREDENTIALS_MESSAGE = 'Die Kundennummer oder das Passwort ist nicht korrekt.';
const TOO_MANY_ATTEMPTS_MESSAGE =
  'Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 15 Minuten erneut.';
const TOO_MANY_LOGINS_MESSAGE =
  'Zu viele Anmeldungen in kurzer Zeit. Bitte versuchen Sie es in 15 Minuten erneut.';
const WRONG_OLD_PASSWORD_MESSAGE = 'Das bisherige Passwort ist nicht korrekt.';
const SAME_PASSWORD_MESSAGE = 'Das neue Passwort muss sich vom bisherigen unterscheiden.';

export interface IssuedSession {
  token: string;
  ttl: number;
  kundennummer: string;
}

export type LoginOutcome =
  | { kind: 'session'; session: IssuedSession }
  | {
      kind: 'status';
      status: typeof LOGIN_STATUS_MUST_CHANGE_PASSWORD | typeof LOGIN_STATUS_NO_PORTAL_ACCESS;
      kundennummer: string;
    };

/** Live sessions per customer; the oldest ends when a login would make one more. */
export const MAX_SESSIONS_PER_CUSTOMER = 10;

export function createAuthService(
  db: Database,
  config: AppConfig,
  mailer: Mailer,
  deps: {
    /** Ends the customer's open reset links, in the password change's transaction. */
    endOpenResetLinks: (tx: Executor, customerId: number) => Promise<void>;
    /** Told how each login ended (the metrics). */
    countLogin: (result: LoginResult) => void;
  },
) {
  const { countLogin } = deps;
  const limits = config.rateLimits;

  async function issueSession(customerId: number, kundennummer: string): Promise<IssuedSession> {
    const { token, hash } = newToken();
    const now = config.now();
    const ttl = Math.min(config.sessionTtlSeconds, config.sessionMaxLifetimeSeconds);
    const expiresAt = new Date(now.getTime() + ttl * 1000);
    await db.transaction(async (tx) => {
      await repo.insertSession(tx, { tokenHash: hash, customerId, createdAt: now, expiresAt });
      await repo.keepNewestSessions(tx, customerId, MAX_SESSIONS_PER_CUSTOMER);
    });
    return { token, ttl, kundennummer };
  }

  /**
   * Checks the password. A failure counts against the customer number from this address, the
   * customer number from anywhere and the address; it is counted before the check, so that
   * parallel guesses meet the limits too, and taken back when the password is right. A refused
   * attempt counts nowhere: a guesser's 429s do not lock the customer out from elsewhere.
   * Successful logins are bounded too, before the hash is computed: each costs an argon2 hash.
   */
  async function checkCredentials(kundennummer: string, password: string, clientAddress: string) {
    const now = config.now();
    const ownFailures = `anmeldung-fehler:kunde+adresse:${kundennummer}|${clientAddress}`;
    const failures: Charge[] = [
      { key: ownFailures, limit: limits.loginFailuresPerCustomerAndAddress },
      { key: `anmeldung-fehler:kunde:${kundennummer}`, limit: limits.loginFailuresPerCustomer },
      { key: `anmeldung-fehler:adresse:${clientAddress}`, limit: limits.loginFailuresPerAddress },
    ];
    const successes = `anmeldung:kunde:${kundennummer}`;
    if (await isExhausted(db, successes, limits.loginsPerCustomer, now)) {
      throw new HttpError(429, TOO_MANY_LOGINS_MESSAGE);
    }
    if (await charge(db, failures, now)) throw new HttpError(429, TOO_MANY_ATTEMPTS_MESSAGE);
    const customer = await repo.findCustomerByNumber(db, kundennummer);
    const ok = customer
      ? await verifyPassword(customer.passwordHash, password)
      : await verifyAgainstNothing(password);
    if (!customer || !ok) return undefined;
    await uncharge(db, failures);
    // The customer's own typing errors from here are forgiven; those from elsewhere are not.
    await clearCounter(db, ownFailures);
    await charge(db, [{ key: successes, limit: limits.loginsPerCustomer }], now);
    return customer;
  }

  return {
    /** The password of a logged-in customer, asked again for a change that needs it; counted. */
    checkPassword: checkCredentials,

    async login(
      kundennummer: string,
      password: string,
      clientAddress: string,
    ): Promise<LoginOutcome> {
      const customer = await checkCredentials(kundennummer, password, clientAddress).catch(
        async (error: unknown) => {
          if (error instanceof HttpError && error.statusCode === 429) countLogin('throttled');
          await writeAudit(db, null, 'ANMELDUNG_FEHLGESCHLAGEN', {
            kundennummer,
            adresse: clientAddress,
            grund: 'gesperrt',
          });
          throw error;
        },
      );
      if (!customer) {
        const known = await repo.findCustomerByNumber(db, kundennummer);
        await writeAudit(db, known?.id ?? null, 'ANMELDUNG_FEHLGESCHLAGEN', {
          kundennummer,
          adresse: clientAddress,
        });
        countLogin('wrong_password');
        throw new HttpError(401, WRONG_CREDENTIALS_MESSAGE);
      }
      await writeAudit(db, customer.id, 'ANMELDUNG', { adresse: clientAddress });
      if (!customer.portalAccess) {
        countLogin('no_portal_access');
        return { kind: 'status', status: LOGIN_STATUS_NO_PORTAL_ACCESS, kundennummer };
      }
      if (customer.mustChangePassword) {
        countLogin('must_change_password');
        return { kind: 'status', status: LOGIN_STATUS_MUST_CHANGE_PASSWORD, kundennummer };
      }
      countLogin('ok');
      return { kind: 'session', session: await issueSession(customer.id, customer.kundennummer) };
    },

    /**
     * Works with a session, and without one only in the forced-change state (login's 700): the
     * old password is the proof either way, counted like a login. Every session ends, the
     * caller's too, every open reset link ends, and the caller gets a new token (spec §4.1): a
     * copied token does not outlive the change. The customer is told by mail.
     */
    async changePassword(
      kundennummer: string,
      session: { customerId: number; tokenHash: string; token: string } | undefined,
      input: ChangePasswordInput,
      clientAddress: string,
    ): Promise<IssuedSession> {
      const sessionCustomerId = session?.customerId;
      const customer = await checkCredentials(kundennummer, input.altesPasswort, clientAddress);
      if (!customer)
        throw new HttpError(400, WRONG_OLD_PASSWORD_MESSAGE, {
          altesPasswort: WRONG_OLD_PASSWORD_MESSAGE,
        });
      if (sessionCustomerId === undefined && !customer.mustChangePassword) {
        throw new HttpError(401, Messages.sessionExpired);
      }
      if (sessionCustomerId !== undefined && sessionCustomerId !== customer.id) {
        throw new HttpError(401, Messages.loginFailed);
      }
      if (!customer.portalAccess) throw new HttpError(403, Messages.noPortalAccess);
      if (input.altesPasswort === input.neuesPasswort) {
        throw new HttpError(400, SAME_PASSWORD_MESSAGE, { neuesPasswort: SAME_PASSWORD_MESSAGE });
      }
      const passwordHash = await hashPassword(input.neuesPasswort);
      await db.transaction(async (tx) => {
        await repo.updatePassword(tx, customer.id, passwordHash);
        await repo.deleteSessionsOfCustomer(tx, customer.id);
        await deps.endOpenResetLinks(tx, customer.id);
        const endedChange = await endUnconfirmedChanges(tx, customer.id, config.now());
        await writeAudit(tx, customer.id, 'PASSWORT_GEAENDERT', { adresse: clientAddress });
        if (customer.email) {
          await mailer.enqueue(
            tx,
            passwordChangedMail(config, customer, customer.email, endedChange),
          );
        }
      });
      mailer.kick();
      return issueSession(customer.id, customer.kundennummer);
    },

    logout: (tokenHash: string) => repo.deleteSession(db, tokenHash),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
