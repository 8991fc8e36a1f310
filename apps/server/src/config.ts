import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { isAbsolute, relative, resolve } from 'node:path';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { MandantSchema, type Mandant, type ServedMandant } from '@kundenportal/contract';
import type { RateLimit } from './lib/rate-limits';
import type { MailRetryConfig } from './mail/mailer';
import type { MailTransportConfig } from './mail/transport';
import { parseMailKey } from './mail/sealed-body';
import { repoRoot } from './paths';

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  MANDANT: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .default('standard'),
  SESSION_TTL_SECONDS: z.coerce.number().int().positive().default(1800),
  /** However active, a session ends this many hours after its login. */
  SESSION_MAX_HOURS: z.coerce.number().positive().default(12),
  /** Successful logins of one customer in 15 minutes (each costs an argon2 hash). */
  LOGINS_PER_QUARTER_HOUR: z.coerce.number().int().positive().default(20),
  /** Contact requests one customer may send in an hour (the service team's inbox). */
  CONTACT_REQUESTS_PER_HOUR: z.coerce.number().int().positive().default(5),
  /** 1 creates the demo accounts in an empty database, 0 never; unset: only when embedded. */
  DEMO_DATA: z.enum(['0', '1']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** Proxies whose X-Forwarded-For is believed: a hop count, or addresses/CIDRs separated by commas. */
  TRUST_PROXY: z.string().optional(),
  /** Origins of a web app served elsewhere, comma-separated; unset: same origin only. */
  CORS_ORIGINS: z.string().optional(),
  /** smtp://user:pass@host:port; unset writes mails as .eml files to DATA_DIR/outbox. */
  SMTP_URL: z.string().url().optional(),
  /** 64 hex digits: the key that seals mail bodies in the database; unset: DATA_DIR/mail.key. */
  MAIL_KEY: z.string().optional(),
  /** Where customers reach the portal; links in mails point here. Never the request's Host. */
  PUBLIC_URL: z.string().url().optional(),
  /** The wait before a failed mail's first retry; it doubles with each failure. */
  MAIL_RETRY_SECONDS: z.coerce.number().positive().default(10),
  /** The longest wait between two tries of a mail. */
  MAIL_RETRY_MAX_SECONDS: z.coerce
    .number()
    .positive()
    .default(15 * 60),
  /** The operator interface's port; unset: no operator listener. */
  BETRIEB_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Where the operator listener is bound: only this machine unless said otherwise. */
  BETRIEB_HOST: z.string().default('127.0.0.1'),
  /** `name:<sha-256 hex of the key>`, comma-separated. */
  BETRIEB_KEYS: z.string().optional(),
  /** A file of such entries, one a line; # starts a comment. */
  BETRIEB_KEYS_FILE: z.string().optional(),
  /** Where scheduled backups go; unset: none are made. */
  BACKUP_DIR: z.string().optional(),
  /** The hours between two scheduled backups (at most 24 days: one timer's reach). */
  BACKUP_EVERY_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 24)
    .default(24),
  /** How many scheduled backups are kept, the newest. */
  BACKUP_KEEP: z.coerce.number().int().positive().default(7),
  /** Days the change feed's entries and the operator interface's audit rows are kept. */
  BETRIEB_AUFBEWAHRUNG_TAGE: z.coerce.number().int().min(1).max(36_500).default(90),
});

/** The server's timed backups (modules/backup/schedule.ts), from BACKUP_DIR and its peers. */
export interface BackupScheduleConfig {
  dir: string;
  everyHours: number;
  /** The newest this many backups are kept; older ones are deleted after each new one. */
  keep: number;
}

const isAddressOrCidr = (entry: string) => {
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const max = version === 4 ? 32 : 128;
  return /^\d+$/.test(bits) && Number(bits) <= max;
};

/**
 * Unset trusts nobody. `true` is refused: it believes whatever X-Forwarded-For a client sends,
 * so every guess at a password could name another address and escape the login limit.
 */
function parseTrustProxy(value: string | undefined): false | number | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true')
    throw new Error(
      'TRUST_PROXY=true ist nicht erlaubt: jeder Client könnte seine Adresse selbst nennen. Bitte die Zahl der Proxys davor oder ihre Adressen/CIDRs angeben.',
    );
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isAddressOrCidr(entry));
  if (wrong.length > 0)
    throw new Error(`TRUST_PROXY: keine Adresse oder CIDR: ${wrong.join(', ')}`);
  return entries;
}

/** What an operator key may do; every operator route needs one of them (operator-app.ts). */
export const OPERATOR_SCOPES = ['feed', 'import', 'backup', 'metrics'] as const;
export type OperatorScope = (typeof OPERATOR_SCOPES)[number];
/**
 * A key entry that names no scope: what every key could do before scopes existed, except the
 * backup, which holds every password hash, IBAN and photo and must be granted by name.
 */
const DEFAULT_SCOPES: readonly OperatorScope[] = ['feed', 'import', 'metrics'];

/** A key of the operator interface: its name (in the audit), the SHA-256 of its secret, its scopes. */
export interface OperatorKey {
  name: string;
  sha256: Buffer;
  scopes: ReadonlySet<OperatorScope>;
}

export interface OperatorConfig {
  port: number;
  host: string;
  keys: OperatorKey[];
  /** Failed authentications of one client address per minute before it is refused (429). */
  failuresPerMinute: number;
}

const KEY_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const SHA256_HEX = /^[0-9a-fA-F]{64}$/;

/**
 * `name:<sha-256 hex>[:scope+scope…]` entries, from BETRIEB_KEYS (commas) or a file (lines;
 * blank lines and # comments skipped). Without scopes an entry gets DEFAULT_SCOPES. A malformed
 * entry, an unknown scope, a repeated name or hash refuses the start, naming the entry by its
 * place and name, never by its hash.
 */
export function parseOperatorKeys(text: string, source: string): OperatorKey[] {
  const entries = text
    .split(/[,\n]/)
    .map((entry) => entry.replace(/#.*$/, '').trim())
    .filter(Boolean);
  const keys: OperatorKey[] = [];
  entries.forEach((entry, index) => {
    const [name = '', hash = '', scopeList, ...rest] = entry.split(':');
    const place = `${source}, Eintrag ${index + 1}`;
    if (!KEY_NAME.test(name))
      throw new Error(
        `${place}: der Name des Schlüssels fehlt oder ist ungültig (erlaubt: Buchstaben, Ziffern, _ . -, höchstens 64 Zeichen). Erwartet wird name:<sha-256 hex>.`,
      );
    if (rest.length > 0 || !SHA256_HEX.test(hash))
      throw new Error(
        `${place} (${name}): nach dem Namen muss der SHA-256-Hash des Schlüssels stehen, 64 Hexadezimalziffern (name:<sha-256 hex>), nicht der Schlüssel selbst.`,
      );
    const scopes = scopeList === undefined ? DEFAULT_SCOPES : scopeList.split('+');
    const unknown = scopes.filter((scope) => !OPERATOR_SCOPES.includes(scope as OperatorScope));
    if (scopes.length === 0 || unknown.length > 0)
      throw new Error(
        `${place} (${name}): unbekannter Bereich ${unknown.map((scope) => `„${scope}“`).join(', ')}. Erlaubt sind ${OPERATOR_SCOPES.join(', ')}, mit + verbunden (name:<sha-256 hex>:feed+import).`,
      );
    const sha256 = Buffer.from(hash, 'hex');
    if (keys.some((key) => key.name === name))
      throw new Error(`${place}: der Name ${name} kommt mehrfach vor.`);
    if (keys.some((key) => key.sha256.equals(sha256)))
      throw new Error(
        `${place} (${name}): derselbe Schlüssel ist schon unter einem anderen Namen eingetragen.`,
      );
    keys.push({ name, sha256, scopes: new Set(scopes as OperatorScope[]) });
  });
  return keys;
}

function readOperatorConfig(vars: z.infer<typeof EnvSchema>): OperatorConfig | undefined {
  if (vars.BETRIEB_PORT === undefined) {
    if (vars.BETRIEB_KEYS || vars.BETRIEB_KEYS_FILE)
      throw new Error(
        'BETRIEB_KEYS/BETRIEB_KEYS_FILE sind gesetzt, aber BETRIEB_PORT nicht: ohne BETRIEB_PORT gibt es keine Betriebsschnittstelle.',
      );
    return undefined;
  }
  if (vars.BETRIEB_KEYS && vars.BETRIEB_KEYS_FILE)
    throw new Error('Bitte entweder BETRIEB_KEYS oder BETRIEB_KEYS_FILE setzen, nicht beide.');
  let keys: OperatorKey[] = [];
  if (vars.BETRIEB_KEYS) keys = parseOperatorKeys(vars.BETRIEB_KEYS, 'BETRIEB_KEYS');
  if (vars.BETRIEB_KEYS_FILE) {
    const file = fromCallerDir(vars.BETRIEB_KEYS_FILE);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new Error(
        `BETRIEB_KEYS_FILE ${file} kann nicht gelesen werden: ${(error as Error).message}`,
        { cause: error },
      );
    }
    keys = parseOperatorKeys(text, `BETRIEB_KEYS_FILE ${file}`);
  }
  if (keys.length === 0)
    throw new Error(
      'BETRIEB_PORT ist gesetzt, aber es ist kein Schlüssel eingetragen: bitte BETRIEB_KEYS=name:<sha-256 hex> oder BETRIEB_KEYS_FILE angeben.',
    );
  return { port: vars.BETRIEB_PORT, host: vars.BETRIEB_HOST, keys, failuresPerMinute: 20 };
}

export interface AppConfig {
  sessionTtlSeconds: number;
  /** The absolute end of a session after its login, however often it is renewed. */
  sessionMaxLifetimeSeconds: number;
  mandant: Mandant;
  /** The built web app to serve, or none (API only). */
  webDist?: string;
  /** The web's public folder, where the variant's `logoUrl` is a file: mails carry the logo. */
  webPublicDir: string;
  logLevel: string;
  trustProxy: false | number | string[];
  /** Bounds on slow clients (slowloris); app.ts has the defaults. */
  timeouts?: Partial<ServerTimeouts>;
  /** The event loop's mean lag past which requests are turned away with 503; 0 turns it off. */
  maxEventLoopDelayMs?: number;
  corsOrigins: string[];
  now: () => Date;
  rateLimits: RateLimits;
  mail: MailTransportConfig;
  /** Backoff of mails that could not be sent; the mailer's defaults without it. */
  mailRetry?: MailRetryConfig;
  /** The only basisUrl a reset request may name: the link in the mail starts with it. */
  passwordResetUrl: string;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
  /**
   * The embedded database, which only this process can open: hot reads may then be kept in
   * memory between writes (plugins/read-cache.ts). False for a PostgreSQL server.
   */
  embeddedDatabase: boolean;
  /**
   * Days a change feed entry and an operator audit row are kept (housekeeping deletes older
   * ones): a feed consumer must read within them.
   */
  operatorRetentionDays: number;
  /** DATA_DIR: its file system's free space is a metric. */
  dataDir?: string;
  /** No operator port: GET /metrics on the customers' port, from this machine only. */
  metricsFromLoopback: boolean;
  /** Told of every route as it is registered (tests call each one). */
  onRoute?: (route: RouteOptions) => void;
}

/** What each throttle bounds: docs/operations.md, "Limits and what they protect", names them. */
export interface RateLimits {
  /** Failed logins of one customer number from one address: a guesser is stopped early. */
  loginFailuresPerCustomerAndAddress: RateLimit;
  /** Failed logins of one customer number from anywhere: guessers spread over addresses. */
  loginFailuresPerCustomer: RateLimit;
  /** Failed logins from one address, whichever numbers: one client trying many accounts. */
  loginFailuresPerAddress: RateLimit;
  /** Successful logins of one customer: each costs an argon2 hash. */
  loginsPerCustomer: RateLimit;
  /** Reset requests from one address: probing which customer numbers exist (spec §8.2). */
  resetRequestsPerAddress: RateLimit;
  /** Reset requests for one customer number from one address. */
  resetRequestsPerCustomerAndAddress: RateLimit;
  /** Reset links checked from one address: the reset page asks once per visit. */
  resetLinkChecksPerAddress: RateLimit;
  /** Reset mails to one customer: the customer's inbox. */
  resetMailsPerCustomer: RateLimit;
  /** Contact requests of one customer: the service team's inbox. */
  contactRequestsPerCustomer: RateLimit;
  /** Bytes of reading photos one customer stores: our disk. */
  photoBytesPerCustomer: RateLimit;
}

export interface ServerTimeouts {
  /** The whole request, body included, must have arrived by then (a photo over a slow line). */
  requestMs: number;
  /** The request's headers must have arrived by then. */
  headersMs: number;
  /** A connection on which nothing moves either way is closed. */
  idleMs: number;
  /** A kept-alive connection waits this long for its next request. */
  keepAliveMs: number;
  /** How often Node checks connections against the request and header bounds. */
  checkIntervalMs: number;
}

export const DEFAULT_SERVER_TIMEOUTS: ServerTimeouts = {
  requestMs: 120_000,
  headersMs: 15_000,
  idleMs: 60_000,
  keepAliveMs: 30_000,
  checkIntervalMs: 5_000,
};

const QUARTER_HOUR = 15 * 60;
const HOUR = 3600;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginFailuresPerCustomerAndAddress: { windowSeconds: QUARTER_HOUR, max: 5 },
  loginFailuresPerCustomer: { windowSeconds: QUARTER_HOUR, max: 30 },
  loginFailuresPerAddress: { windowSeconds: QUARTER_HOUR, max: 50 },
  loginsPerCustomer: { windowSeconds: QUARTER_HOUR, max: 20 },
  resetRequestsPerAddress: { windowSeconds: QUARTER_HOUR, max: 50 },
  resetRequestsPerCustomerAndAddress: { windowSeconds: QUARTER_HOUR, max: 5 },
  resetLinkChecksPerAddress: { windowSeconds: QUARTER_HOUR, max: 50 },
  resetMailsPerCustomer: { windowSeconds: HOUR, max: 3 },
  contactRequestsPerCustomer: { windowSeconds: HOUR, max: 5 },
  photoBytesPerCustomer: { windowSeconds: 30 * 24 * HOUR, max: 100 * 1024 * 1024 },
};

/** The variant's reset page, absolute as configured or else under the portal's address. */
export const passwordResetUrlOf = (mandant: Mandant, publicUrl: string): string =>
  new URL(mandant.passwortResetBasisUrl, publicUrl).toString();

/** The variant as the web gets it: with the one reset page the server accepts (never by Host). */
export const servedMandantOf = (config: AppConfig): ServedMandant => ({
  ...config.mandant,
  passwortResetUrl: config.passwordResetUrl,
  sitzungHoechstdauerStunden: config.sessionMaxLifetimeSeconds / 3600,
});

export const MANDANTEN_DIR = resolve(repoRoot, 'config/mandanten');

/** The variant's file, checked by the contract's schema: a bad file names itself and its field. */
export function loadMandant(name: string, dir = MANDANTEN_DIR): Mandant {
  const file = resolve(dir, `${name}.json`);
  const shown = relative(process.cwd(), file) || file;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`Variante ${shown} kann nicht gelesen werden: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const parsed = MandantSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || '(Datei)'}: ${issue.message}`)
      .join('; ');
    throw new Error(`Variante ${shown} ist ungültig – ${problems}`);
  }
  return parsed.data;
}

/** Relative paths count from where `npm` was called (INIT_CWD), not from the workspace. */
export function fromCallerDir(path: string): string {
  return isAbsolute(path) ? path : resolve(process.env.INIT_CWD ?? process.cwd(), path);
}

/**
 * The variables of a command that works on the database and does not listen (backup, restore):
 * the operator listener's are not its concern, so a missing key does not stop it.
 */
export function readDatabaseEnv(env: NodeJS.ProcessEnv = process.env) {
  const rest = { ...env };
  delete rest.BETRIEB_PORT;
  delete rest.BETRIEB_KEYS;
  delete rest.BETRIEB_KEYS_FILE;
  return readEnv(rest);
}

export function readEnv(env: NodeJS.ProcessEnv = process.env) {
  // An empty variable counts as unset, as shells and CI files often leave them.
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(set);
  if (!parsed.success) {
    const names = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new Error(`Ungültige Umgebungsvariablen: ${names}`);
  }
  const vars = parsed.data;
  const mandant = loadMandant(vars.MANDANT);
  const operator = readOperatorConfig(vars);
  const config: AppConfig = {
    sessionTtlSeconds: vars.SESSION_TTL_SECONDS,
    sessionMaxLifetimeSeconds: Math.round(vars.SESSION_MAX_HOURS * 3600),
    mandant,
    webDist: vars.WEB_DIST ? fromCallerDir(vars.WEB_DIST) : resolve(repoRoot, 'apps/web/dist'),
    webPublicDir: resolve(repoRoot, 'apps/web/public'),
    logLevel: vars.LOG_LEVEL,
    trustProxy: parseTrustProxy(vars.TRUST_PROXY),
    corsOrigins: (vars.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    now: () => new Date(),
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      loginsPerCustomer: { windowSeconds: QUARTER_HOUR, max: vars.LOGINS_PER_QUARTER_HOUR },
      contactRequestsPerCustomer: { windowSeconds: HOUR, max: vars.CONTACT_REQUESTS_PER_HOUR },
    },
    mail: {
      smtpUrl: vars.SMTP_URL,
      outboxDir: resolve(fromCallerDir(vars.DATA_DIR), 'outbox'),
      ...(vars.MAIL_KEY
        ? { key: parseMailKey(vars.MAIL_KEY, 'MAIL_KEY') }
        : { keyFile: resolve(fromCallerDir(vars.DATA_DIR), 'mail.key') }),
    },
    mailRetry: {
      firstMs: vars.MAIL_RETRY_SECONDS * 1000,
      maxMs: Math.max(vars.MAIL_RETRY_SECONDS, vars.MAIL_RETRY_MAX_SECONDS) * 1000,
    },
    passwordResetUrl: passwordResetUrlOf(
      mandant,
      vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`,
    ),
    embeddedDatabase: !vars.DATABASE_URL,
    operatorRetentionDays: vars.BETRIEB_AUFBEWAHRUNG_TAGE,
    dataDir: fromCallerDir(vars.DATA_DIR),
    metricsFromLoopback: !operator,
  };
  return {
    config,
    port: vars.PORT,
    host: vars.HOST,
    operator,
    databaseUrl: vars.DATABASE_URL,
    // The README's passwords must never open accounts in a supplier's production database.
    demoData: vars.DEMO_DATA ? vars.DEMO_DATA === '1' : !vars.DATABASE_URL,
    dataDir: fromCallerDir(vars.DATA_DIR),
    backupSchedule: vars.BACKUP_DIR
      ? ({
          dir: fromCallerDir(vars.BACKUP_DIR),
          everyHours: vars.BACKUP_EVERY_HOURS,
          keep: vars.BACKUP_KEEP,
        } satisfies BackupScheduleConfig)
      : undefined,
  };
}
