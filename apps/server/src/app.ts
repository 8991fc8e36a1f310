import Fastify from 'fastify';
import helmet from '@fastify/helmet';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { createAuthService } from './modules/auth/service';
import { publicAuthRoutes, sessionRoutes } from './modules/auth/routes';
import { createCustomerService } from './modules/customer/service';
import { customerRoutes } from './modules/customer/routes';
import { healthRoutes } from './modules/health/routes';
import { contractAddressRoutes, customerAddressRoutes } from './modules/addresses/routes';
import { createAddressService } from './modules/addresses/service';
import { contractBankRoutes, customerBankRoutes } from './modules/bank/routes';
import { createBankService } from './modules/bank/service';
import { consumptionRoutes } from './modules/consumption/routes';
import { createConsumptionService } from './modules/consumption/service';
import { contractRoutes } from './modules/contracts/routes';
import { createContractService } from './modules/contracts/service';
import { documentRoutes } from './modules/documents/routes';
import { createDocumentService } from './modules/documents/service';
import { holidayRoutes } from './modules/holidays/routes';
import { createHolidayService } from './modules/holidays/service';
import { readingRoutes } from './modules/readings/routes';
import { createReadingService } from './modules/readings/service';
import { tariffRoutes } from './modules/tariffs/routes';
import { createTariffService } from './modules/tariffs/service';
import { createContractScope } from './plugins/contract-scope';
import { registerCors } from './plugins/cors';
import { registerErrorHandler } from './plugins/error-handler';
import { createSessionGuard } from './plugins/session';
import { registerWebApp } from './plugins/web-app';
import { createMailer, type Mailer } from './mail/mailer';
import { createMailTransport } from './mail/transport';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

z.config(z.locales.de());

/** The variant may point the web at other hosts; the CSP must let it reach them. */
const externalOrigins = (...urls: string[]) =>
  urls.filter((url) => URL.canParse(url)).map((url) => new URL(url).origin);

/** The whole server as a Fastify instance, not listening: main.ts listens, tests inject. */
export async function buildApp(config: AppConfig, db: Database) {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.passwort', 'req.headers.token'] },
    trustProxy: config.trustProxy,
    bodyLimit: 15 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('session', null);
  app.decorateRequest('contract', null);
  registerErrorHandler(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: [
          "'self'",
          ...externalOrigins(config.mandant.feiertageUrl, config.mandant.apiBasisUrl),
        ],
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
  });
  app.decorate('mailer', mailer);
  app.addHook('onReady', () => {
    mailer.start();
    mailer.kick();
  });
  app.addHook('onClose', () => mailer.stop());

  const guard = createSessionGuard(db, config);
  const auth = createAuthService(db, config);
  const customers = createCustomerService(db, config, mailer);
  const holidays = createHolidayService();
  const contracts = createContractService(db, config, holidays.isHoliday);
  const tariffs = createTariffService(db, config);
  const documents = createDocumentService(db);
  const readings = createReadingService(db);
  const consumption = createConsumptionService(db);
  const addresses = createAddressService(db, config);
  const bank = createBankService(db, config);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db });
      await api.register(publicAuthRoutes, { auth, guard });
      await api.register(holidayRoutes, { holidays });
      await api.register(async (authenticated) => {
        authenticated.addHook('onRequest', guard.require);
        await authenticated.register(sessionRoutes, { auth });
        await authenticated.register(customerRoutes, { customers });
        await authenticated.register(customerAddressRoutes, { addresses });
        await authenticated.register(customerBankRoutes, { bank });
        await authenticated.register(documentRoutes, { documents, db });
        await authenticated.register(
          async (contract) => {
            contract.addHook('preHandler', createContractScope(db));
            await contract.register(contractRoutes, { contracts });
            await contract.register(tariffRoutes, { tariffs });
            await contract.register(readingRoutes, { readings });
            await contract.register(consumptionRoutes, { consumption });
            await contract.register(contractAddressRoutes, { addresses });
            await contract.register(contractBankRoutes, { bank });
          },
          { prefix: '/vertrag/:id' },
        );
      });
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, config.webDist);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
