import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import {
  ApiErrorSchema,
  BankDetailsSchema,
  BillingAddressSchema,
  ContractSchema,
  CreateBankDetailsInputSchema,
  CreateBillingAddressInputSchema,
  CustomerSchema,
  DocumentSchema,
  EmailLinkAnswerSchema,
  HealthAnswerSchema,
  MessageAnswerSchema,
  PriceSeriesSchema,
  ReadingSchema,
  SessionAnswerSchema,
  TariffSchema,
} from '@kundenportal/contract';
import { CUSTOMER_API_OPERATIONS, CUSTOMER_API_TAGS } from './customer-api-operations';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { servedMandantOf, type AppConfig } from './config';
import { databaseLoad, type Database } from './db/client';
import { seriesChanges } from './db/series-changes';
import { countAnswerChange } from './db/answer-versions';
import { findSessions, renewSession } from './modules/auth/repo';
import { createAuthService } from './modules/auth/service';
import { publicAuthRoutes, sessionRoutes } from './modules/auth/routes';
import { createCustomerService } from './modules/customer/service';
import { customerRoutes } from './modules/customer/routes';
import { emailLinkRoutes, pendingEmailRoutes } from './modules/email-change/routes';
import { createEmailChangeService } from './modules/email-change/service';
import { createReadiness, type Readiness } from './modules/health/service';
import { healthRoutes } from './modules/health/routes';
import { mandantRoutes } from './modules/mandant/routes';
import { passwordResetRoutes } from './modules/password-reset/routes';
import { createPasswordResetService } from './modules/password-reset/service';
import { contractAddressRoutes, customerAddressRoutes } from './modules/addresses/routes';
import { createAddressService } from './modules/addresses/service';
import { contractBankRoutes, customerBankRoutes } from './modules/bank/routes';
import { createBankService } from './modules/bank/service';
import { consumptionRoutes } from './modules/consumption/routes';
import { createConsumptionService } from './modules/consumption/service';
import { customerPriceRoutes, historyRoutes } from './modules/history/routes';
import { createHistoryService } from './modules/history/service';
import { findContractOfCustomer } from './modules/contracts/repo';
import { contractRoutes } from './modules/contracts/routes';
import { createContractService } from './modules/contracts/service';
import { documentRoutes } from './modules/documents/routes';
import { createDocumentService } from './modules/documents/service';
import { holidayRoutes } from './modules/holidays/routes';
import { createHolidayService } from './modules/holidays/service';
import { readingRoutes } from './modules/readings/routes';
import { createReadingService } from './modules/readings/service';
import { summaryRoutes } from './modules/summary/routes';
import { createSummaryService } from './modules/summary/service';
import { tariffRoutes } from './modules/tariffs/routes';
import { createTariffService } from './modules/tariffs/service';
import { createContractScope } from './plugins/contract-scope';
import { registerCompression } from './plugins/compression';
import { registerCors } from './plugins/cors';
import { registerErrorHandler } from './plugins/error-handler';
import { DEFAULT_MAX_EVENT_LOOP_DELAY_MS, registerOverloadGuard } from './plugins/overload';
import {
  JSON_BODY_LIMIT_BYTES,
  parseLargeJsonOffTheLoop,
  refuseUnwantedBodies,
} from './plugins/request-bodies';
import { createReadCache, type SharedReadCache } from './plugins/read-cache';
import { createHeavyReadLimit, createPhotoUploadLimit } from './plugins/heavy-reads';
import { countRequests, loopbackMetricsRoute } from './plugins/metrics';
import { createSessionGuard } from './plugins/session';
import { rejectUnusableText } from './plugins/text-input';
import { registerSecurityHeaders } from './plugins/security-headers';
import { baseServerOptions } from './plugins/server-options';
import { registerWebApp } from './plugins/web-app';
import { createMailLogo } from './mail/logo';
import { documentScope, registerApiDocument } from './lib/openapi';
import { createMailer, type Mailer } from './mail/mailer';
import { loadOrCreateMailKey } from './mail/sealed-body';
import { createMailTransport } from './mail/transport';
import { unsentMails } from './mail/outbox';
import { createMetrics, type Metrics } from './lib/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /** The operator port serves them (main.ts); without one, /metrics here from loopback. */
    metrics: Metrics;
    /** main.ts stops it on SIGTERM. */
    readiness: Readiness;
    /** The operator app's writes (main.ts) clear it too: an import is seen at once. */
    readCache: SharedReadCache;
  }
}

/** The variant may point the web at other hosts; the CSP must let it reach them. */
const externalOrigins = (...urls: string[]) =>
  urls.filter((url) => URL.canParse(url)).map((url) => new URL(url).origin);

/** GET /api/openapi.json: the customers' API as OpenAPI 3.1, public like the spec it follows. */
const CUSTOMER_API_DOCUMENT = {
  title: 'Kundenportal – API für Kundinnen und Kunden',
  version: '1.0.0',
  description:
    'Die Aufrufe der Weboberfläche des Kundenportals (Spezifikation §7). Angemeldete Aufrufe ' +
    'senden die Header `token` und `kundennummer` aus der Anmeldung; jede ihrer Antworten ' +
    'verlängert die Sitzung und nennt im Header `ttl` die verbleibenden Sekunden. Fehler ' +
    'antworten mit `{ message, felder }`: eine deutsche Meldung und, wo ein Formular sie am ' +
    'Feld zeigt, eine Meldung je Feld.',
  documentPath: '/openapi.json',
  servers: [{ url: '/api', description: 'Dieser Server' }],
  securitySchemes: {
    token: { name: 'token', description: 'Der Token aus der Antwort der Anmeldung.' },
    kundennummer: { name: 'kundennummer', description: 'Die Kundennummer der Sitzung.' },
  },
  operations: CUSTOMER_API_OPERATIONS,
  tags: CUSTOMER_API_TAGS,
  components: {
    Fehler: ApiErrorSchema,
    Zustand: HealthAnswerSchema,
    Nachricht: MessageAnswerSchema,
    EmailLinkNachricht: EmailLinkAnswerSchema,
    Sitzung: SessionAnswerSchema,
    Kunde: CustomerSchema,
    Vertrag: ContractSchema,
    Tarif: TariffSchema,
    Ablesung: ReadingSchema,
    Rechnungsadresse: BillingAddressSchema,
    NeueRechnungsadresse: CreateBillingAddressInputSchema,
    Bankverbindung: BankDetailsSchema,
    NeueBankverbindung: CreateBankDetailsInputSchema,
    Dokument: DocumentSchema,
    Preiszeitreihe: PriceSeriesSchema,
  },
} as const;
const REFUSED_DESCRIPTION =
  'Abgelehnt: ungültige Eingabe (400, mit `felder`), nicht gefunden (404), nicht erlaubt ' +
  '(409, 422) oder zu viele Versuche (429); `message` nennt den Grund auf Deutsch.';
const FAILED_DESCRIPTION =
  'Technischer Fehler (500) oder vorübergehend nicht verfügbar (503, mit `retry-after`).';
const SESSION_DESCRIPTION = 'Keine gültige Sitzung: ohne oder mit abgelaufenem Token.';
const FOREIGN_CONTRACT_DESCRIPTION =
  'Der Vertrag existiert nicht oder gehört nicht zu dieser Kundennummer (dieselbe Antwort).';
const TTL_HEADER = {
  type: 'integer',
  description: 'Sekunden, die die Sitzung nach dieser Antwort noch gilt.',
} as const;

/** The whole server as a Fastify instance, not listening: main.ts listens, tests inject. */
export async function buildApp(config: AppConfig, db: Database) {
  const app = Fastify({
    ...baseServerOptions(config),
    // Each route's own limit where it takes more (the reading with a photo).
    bodyLimit: JSON_BODY_LIMIT_BYTES,
  }).withTypeProvider<ZodTypeProvider>();
  if (config.onRoute) app.addHook('onRoute', config.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('session', null);
  app.decorateRequest('contract', null);
  registerErrorHandler(app);
  const metrics = createMetrics();
  app.decorate('metrics', metrics);
  // First: the overload guard's refusals are counted too.
  countRequests(app, metrics);
  const readiness = createReadiness(db);
  app.decorate('readiness', readiness);
  registerOverloadGuard(app, config.maxEventLoopDelayMs ?? DEFAULT_MAX_EVENT_LOOP_DELAY_MS);
  refuseUnwantedBodies(app);
  parseLargeJsonOffTheLoop(app);

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: [
          "'self'",
          ...externalOrigins(config.mandant.feiertageUrl, config.mandant.apiBasisUrl),
        ],
        frameAncestors: ["'none'"],
        // The installable app: its service worker and its manifest, both from the portal itself.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });

  await registerCors(app, config.corsOrigins);

  const mailer = createMailer({
    db,
    transport: createMailTransport(config.mail),
    from: `"${config.mandant.name}" <${config.mandant.absenderEmail}>`,
    log: app.log,
    now: config.now,
    ...(config.mailRetry && { retry: config.mailRetry }),
    logo: createMailLogo({ mandant: config.mandant, publicDir: config.webPublicDir, log: app.log }),
    key:
      config.mail.key ??
      (config.mail.keyFile ? loadOrCreateMailKey(config.mail.keyFile) : randomBytes(32)),
  });
  app.decorate('mailer', mailer);
  app.addHook('onReady', () => {
    mailer.start();
    mailer.kick();
  });
  app.addHook('onClose', () => mailer.stop());

  const readCache = createReadCache(
    config.embeddedDatabase
      ? undefined
      : { countChange: (customerId) => countAnswerChange(db, customerId) },
  );
  app.decorate('readCache', readCache);
  const guard = createSessionGuard(
    {
      find: (tokenHashes) => findSessions(db, tokenHashes),
      renew: (input) => renewSession(db, input),
    },
    config,
    readCache,
  );
  const contractScope = createContractScope(
    (customerId, contractId) => findContractOfCustomer(db, customerId, contractId),
    readCache,
  );
  const reset = createPasswordResetService(db, config, mailer);
  const auth = createAuthService(db, config, mailer, {
    endOpenResetLinks: reset.endOpenLinks,
    countLogin: (result) => metrics.countLogin(result),
  });
  const emailChange = createEmailChangeService(db, config, mailer);
  const customers = createCustomerService(db, config, mailer, { auth, emailChange });
  const holidays = createHolidayService();
  const contracts = createContractService(db, config, holidays.isHoliday);
  const tariffs = createTariffService(db, config);
  const documents = createDocumentService(db);
  const summaries = createSummaryService(db, tariffs);
  const readings = createReadingService(db, config, mailer);
  const consumption = createConsumptionService(db, config);
  const history = createHistoryService(db, config);
  metrics.watch({
    database: () => databaseLoad(db),
    finishedMonths: history.finishedMonths,
    unsentMails: () => unsentMails(db),
    ...(config.dataDir && { dataDir: config.dataDir }),
  });
  if (config.metricsFromLoopback) loopbackMetricsRoute(app, metrics);
  // The operator's import of a past month (here or on another instance) clears it from memory.
  const stopHearingSeries = seriesChanges(db).subscribe((change) => {
    history.forget(change);
    tariffs.forget(change);
  });
  app.addHook('onClose', stopHearingSeries);
  const heavyReads = createHeavyReadLimit();
  const photoUploads = createPhotoUploadLimit();
  const addresses = createAddressService(db, config);
  const bank = createBankService(db, config);
  const servedMandant = servedMandantOf(config);

  await app.register(
    async (api) => {
      // Answers carry personal data: no cache, shared or private, may keep them.
      // A call whose answer is the same for everybody (the holidays) says so itself.
      api.addHook('onSend', (_request, reply, payload, done) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
        done(null, payload);
      });
      readCache.register(api);
      await registerCompression(api);
      api.addHook('preValidation', rejectUnusableText);
      await registerApiDocument(api, CUSTOMER_API_DOCUMENT);
      documentScope(api, {
        answers: {
          '4XX': { description: REFUSED_DESCRIPTION, schema: ApiErrorSchema },
          '5XX': { description: FAILED_DESCRIPTION, schema: ApiErrorSchema },
        },
      });
      await api.register(healthRoutes, { db, readiness });
      await api.register(mandantRoutes, { mandant: servedMandant });
      await api.register(passwordResetRoutes, { reset });
      await api.register(publicAuthRoutes, { auth, guard });
      await api.register(holidayRoutes, { holidays, now: config.now });
      await api.register(emailLinkRoutes, { emailChange });
      await api.register(async (authenticated) => {
        authenticated.addHook('onRequest', guard.require);
        documentScope(authenticated, {
          security: [{ token: [], kundennummer: [] }],
          answerHeaders: { ttl: TTL_HEADER },
          answers: { 401: { description: SESSION_DESCRIPTION, schema: ApiErrorSchema } },
        });
        await authenticated.register(sessionRoutes, { auth });
        await authenticated.register(customerRoutes, { customers });
        await authenticated.register(pendingEmailRoutes, { emailChange });
        await authenticated.register(customerAddressRoutes, { addresses });
        await authenticated.register(customerBankRoutes, { bank });
        await authenticated.register(documentRoutes, { documents, contractScope });
        await authenticated.register(summaryRoutes, { summaries });
        await authenticated.register(customerPriceRoutes, { history, heavyReads });
        await authenticated.register(
          async (contract) => {
            // onRequest, before the body is read and checked: a foreign contract answers 404
            // whatever its payload, as one that does not exist (docs/architecture.md).
            contract.addHook('onRequest', contractScope);
            documentScope(contract, {
              answers: {
                404: { description: FOREIGN_CONTRACT_DESCRIPTION, schema: ApiErrorSchema },
              },
            });
            await contract.register(contractRoutes, { contracts });
            await contract.register(tariffRoutes, { tariffs });
            await contract.register(readingRoutes, { readings, photoUploads });
            await contract.register(consumptionRoutes, { consumption });
            await contract.register(historyRoutes, { history, heavyReads });
            await contract.register(contractAddressRoutes, { addresses });
            await contract.register(contractBankRoutes, { bank });
          },
          { prefix: '/vertrag/:id' },
        );
      });
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, config.webDist, servedMandant, config.webPublicDir);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
