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
import { registerErrorHandler } from './plugins/error-handler';
import { createSessionGuard } from './plugins/session';
import { registerWebApp } from './plugins/web-app';

z.config(z.locales.de());

/** The variant may point the web at other hosts; the CSP must let it reach them. */
const externalOrigins = (...urls: string[]) =>
  urls.filter((url) => URL.canParse(url)).map((url) => new URL(url).origin);

/** The whole server as a Fastify instance, not listening: main.ts listens, tests inject. */
export async function buildApp(config: AppConfig, db: Database) {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.passwort', 'req.headers.token'] },
    trustProxy: true,
    bodyLimit: 15 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('session', null);
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

  const guard = createSessionGuard(db, config);
  const auth = createAuthService(db, config);
  const customers = createCustomerService(db);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db });
      await api.register(publicAuthRoutes, { auth, guard });
      await api.register(async (authenticated) => {
        authenticated.addHook('onRequest', guard.require);
        await authenticated.register(sessionRoutes, { auth });
        await authenticated.register(customerRoutes, { customers });
      });
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, config.webDist);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
