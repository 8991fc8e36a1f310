import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  ImportResultSchema,
  SeriesImportSummarySchema,
  type ApiError,
} from '@kundenportal/contract';
import type { AppConfig, OperatorConfig } from './config';
import type { Database } from './db/client';
import type { SharedReadCache } from './plugins/read-cache';
import type { Metrics } from './lib/metrics';
import { documentScope, registerApiDocument } from './lib/openapi';
import { OPERATOR_API_OPERATIONS, OPERATOR_API_TAGS } from './operator-api-operations';
import { writeOperatorAudit } from './modules/audit/repo';
import { backupOperatorRoutes } from './modules/backup/operator-routes';
import { createBackupService } from './modules/backup/service';
import { changeFeedOperatorRoutes } from './modules/change-feed/operator-routes';
import { createChangeFeedService } from './modules/change-feed/service';
import { importOperatorRoutes } from './modules/import/operator-routes';
import { createImportService } from './modules/import/service';
import { seriesImportRoutes } from './modules/series-import/operator-routes';
import { createSeriesImportService } from './modules/series-import/service';
import { registerErrorHandler } from './plugins/error-handler';
import { countRequests, operatorMetricsRoute } from './plugins/metrics';
import { operatorScope, registerOperatorAuth } from './plugins/operator-auth';
import { parseOperatorBodiesOffTheLoop } from './plugins/request-bodies';
import { baseServerOptions } from './plugins/server-options';
import { rejectUnusableText } from './plugins/text-input';

/** GET /openapi.json and the page /referenz on the operator port. */
const OPERATOR_API_DOCUMENT = {
  title: 'Kundenportal – Betriebsschnittstelle',
  version: '1.0.0',
  description:
    'Die Schnittstelle für die Systeme des Versorgers (docs/operator-api.md): Stammdaten und ' +
    'Zeitreihen importieren (nach den Schlüsseln des Versorgers, wiederholbar) und die ' +
    'Änderungen der Kundinnen und Kunden als Feed lesen, die Datenbank sichern. Jeder Aufruf sendet ' +
    '`Authorization: Bearer <Schlüssel>` und wird mit dem Namen des Schlüssels protokolliert. ' +
    'Fehler antworten mit `{ message, felder }` auf Deutsch.',
  documentPath: '/openapi.json',
  referencePath: '/referenz',
  securitySchemes: {
    schluessel: {
      bearer: true,
      description:
        'Ein API-Schlüssel aus BETRIEB_KEYS, mit seinen Bereichen: feed (/aenderungen), import ' +
        '(/import/…), backup (/backup), metrics (/metrics). Ein Eintrag ohne Bereiche hat alle außer backup.',
    },
  },
  operations: OPERATOR_API_OPERATIONS,
  tags: OPERATOR_API_TAGS,
  components: {
    Fehler: ApiErrorSchema,
    Importergebnis: ImportResultSchema,
    Zeitreihenimport: SeriesImportSummarySchema,
  },
} as const;
const KEY_DESCRIPTION = 'Ohne oder mit unbekanntem Schlüssel (auch mit dem Token einer Sitzung).';
const REFUSED_DESCRIPTION =
  'Abgelehnt: ungültige Daten (400, mit `felder` je Datensatz oder Zeile), dem Schlüssel fehlt ' +
  'der Bereich des Aufrufs (403), unbekannter Schlüssel (404), zu groß (413), falsches Format (415) oder zu viele Fehlversuche (429).';
const FAILED_DESCRIPTION = 'Technischer Fehler (500) oder vorübergehend nicht verfügbar (503).';

/**
 * The operator interface as a Fastify instance of its own, not listening: main.ts
 * listens on BETRIEB_PORT, tests inject. Nothing of it is registered on the customers' app, so
 * no path of it exists on the customers' port. Every route is behind the key check
 * (plugins/operator-auth.ts); route plugins are modules' `operator-routes.ts`. With the
 * customers' app's metrics it serves GET /metrics, and counts its own calls among them.
 */
export async function buildOperatorApp(
  config: AppConfig & { operator: OperatorConfig },
  deps: { db: Database; metrics?: Metrics; readCache?: SharedReadCache },
) {
  const { db, metrics, readCache } = deps;
  const app = Fastify(baseServerOptions(config)).withTypeProvider<ZodTypeProvider>();
  if (config.onRoute) app.addHook('onRoute', config.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  parseOperatorBodiesOffTheLoop(app);
  if (metrics) countRequests(app, metrics);
  // Its writes (imports, a restore) are no customer's: everything the customers' app keeps goes.
  readCache?.register(app);
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ message: 'Nicht gefunden.' } satisfies ApiError),
  );
  // Answers carry customers' data: no cache keeps them, no browser guesses their type.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    reply.header('x-content-type-options', 'nosniff');
  });
  // The document and its reference page describe the calls and hold no data: a browser
  // reads them without a key (it could not send one). Everything else is behind the key.
  await registerApiDocument(app, OPERATOR_API_DOCUMENT);
  await app.register(async (keyed) => {
    registerOperatorAuth(keyed, {
      keys: config.operator.keys,
      failuresPerMinute: config.operator.failuresPerMinute,
      audit: (call) => writeOperatorAudit(db, call),
    });
    keyed.addHook('preValidation', rejectUnusableText);
    documentScope(keyed, {
      security: [{ schluessel: [] }],
      answers: {
        401: { description: KEY_DESCRIPTION, schema: ApiErrorSchema },
        '4XX': { description: REFUSED_DESCRIPTION, schema: ApiErrorSchema },
        '5XX': { description: FAILED_DESCRIPTION, schema: ApiErrorSchema },
      },
    });
    // Each route's scope (BETRIEB_KEYS); a route registered outside these has none and serves no key.
    await keyed.register(async (scoped) => {
      operatorScope(scoped, 'metrics');
      if (metrics) operatorMetricsRoute(scoped, metrics);
    });
    await keyed.register(async (scoped) => {
      operatorScope(scoped, 'feed');
      await scoped.register(changeFeedOperatorRoutes, { changeFeed: createChangeFeedService(db) });
    });
    await keyed.register(async (scoped) => {
      operatorScope(scoped, 'import');
      await scoped.register(importOperatorRoutes, { importService: createImportService(db) });
      await scoped.register(seriesImportRoutes, {
        seriesImport: createSeriesImportService(db, config),
      });
    });
    await keyed.register(async (scoped) => {
      operatorScope(scoped, 'backup');
      await scoped.register(backupOperatorRoutes, { backup: createBackupService(db) });
    });
  });
  return app;
}

export type OperatorApp = Awaited<ReturnType<typeof buildOperatorApp>>;
