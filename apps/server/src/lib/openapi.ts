import { createHash } from 'node:crypto';
import fastifySwagger from '@fastify/swagger';
import type { FastifyApiReferenceOptions } from '@scalar/fastify-api-reference';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifySchema,
  type RouteOptions,
} from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PrebuiltJson, prebuiltJsonBody, prebuiltJsonSerializer } from './prebuilt-json';

/** An answer a route gives beside its own schema's: from a hook or the error handler. */
interface DocumentedAnswer {
  description: string;
  schema: z.ZodType;
}

/** A header of a route's answers, for the document only (Fastify sets no schema on them). */
interface DocumentedHeader {
  description: string;
  type: 'string' | 'integer';
}

/**
 * What a route's own schema cannot say: who may call it (the headers its scope's guard reads),
 * the headers of its successful answers and the answers its scope's hooks and the error handler
 * give. Read only by the document; Fastify validates and serializes nothing of it.
 */
export interface RouteDocument {
  security?: FastifySchema['security'];
  answerHeaders?: Readonly<Record<string, DocumentedHeader>>;
  answers?: Readonly<Record<string, DocumentedAnswer>>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    apiDocument?: RouteDocument;
  }
}

/** A route's own document wins over its scope's; answers and headers are joined. */
const joined = (scope: RouteDocument, own: RouteDocument | undefined): RouteDocument => ({
  security: own?.security ?? scope.security,
  answerHeaders: { ...scope.answerHeaders, ...own?.answerHeaders },
  answers: { ...scope.answers, ...own?.answers },
});

/** Gives every route registered in `scope` (and below it) the document's additions. */
export function documentScope(scope: FastifyInstance, document: RouteDocument) {
  scope.addHook('onRoute', (route: RouteOptions) => {
    route.config = { ...route.config, apiDocument: joined(document, route.config?.apiDocument) };
  });
}

const STATUS_DESCRIPTIONS: Readonly<Record<string, string>> = {
  200: 'Erfolg.',
  201: 'Angelegt.',
  204: 'Erfolg, ohne Inhalt.',
};

type JsonSchema = Record<string, unknown>;

/** What a generated client names an operation by: its id, a German line and its area. */
export interface ApiOperation {
  operationId: string;
  summary: string;
  tag: string;
}

/** Every route of a document by `METHOD url` as Fastify registers it (`GET /api/vertrag/:id`). */
export type ApiOperations = Readonly<Record<string, ApiOperation>>;

/**
 * fastify-type-provider-zod's transform (the zod schemas that validate the route, as JSON Schema
 * 2020-12), with the route's `apiDocument` added: its security, its answer headers on every 2xx
 * and the answers of its hooks where the route declares none of its own.
 */
function transformWithRouteDocument(
  operations: ApiOperations,
  schemaRegistry: z.core.$ZodRegistry<{ id: string }>,
): ReturnType<typeof createJsonSchemaTransform> {
  const fromZod = createJsonSchemaTransform({ skipList: [], schemaRegistry });
  return (input) => {
    // A route without any schema (a logout answering 204) is documented too, from its scope.
    const { schema = {}, url } = fromZod(input);
    if (schema.hide) return { schema, url };
    const document = input.route.config?.apiDocument;
    const methods = ([] as string[]).concat(input.route.method).filter((m) => m !== 'HEAD');
    const operation = operations[`${methods[0]} ${input.route.url}`];
    const response: Record<string, JsonSchema> = {
      ...(schema.response as Record<string, JsonSchema> | undefined),
    };
    const extra = Object.entries(document?.answers ?? {});
    if (extra.length > 0) {
      const converted = fromZod({
        ...input,
        schema: { response: Object.fromEntries(extra.map(([status, a]) => [status, a.schema])) },
      }).schema.response as Record<string, JsonSchema>;
      for (const [status, answer] of extra) {
        response[status] ??= { ...converted[status], description: answer.description };
      }
    }
    for (const [status, answer] of Object.entries(response)) {
      const described = {
        ...answer,
        description: answer.description ?? STATUS_DESCRIPTIONS[status] ?? 'Antwort.',
      };
      const headers = document?.answerHeaders;
      response[status] =
        status.startsWith('2') && headers && Object.keys(headers).length > 0
          ? { ...described, headers }
          : described;
    }
    return {
      url,
      schema: {
        ...schema,
        ...(operation && {
          operationId: operation.operationId,
          summary: operation.summary,
          tags: [operation.tag],
        }),
        response,
        ...(document?.security && { security: document.security }),
      },
    };
  };
}

/**
 * The transform writes each component as an answer and as a request body (`…Input`); only those
 * some operation refers to, directly or through another component, stay in the document.
 */
function referencedComponentsOnly(
  transform: ReturnType<typeof createJsonSchemaTransformObject>,
): ReturnType<typeof createJsonSchemaTransformObject> {
  return (input) => {
    const document = transform(input) as {
      paths?: unknown;
      components?: { schemas?: Record<string, unknown> };
    };
    const schemas = document.components?.schemas ?? {};
    const refersTo = (value: unknown) =>
      [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map(([, name]) =>
        decodeURIComponent(name ?? ''),
      );
    const kept = new Set<string>();
    const todo = refersTo(document.paths);
    for (let name = todo.pop(); name !== undefined; name = todo.pop()) {
      if (kept.has(name)) continue;
      kept.add(name);
      todo.push(...refersTo(schemas[name]));
    }
    return {
      ...document,
      components: {
        ...document.components,
        schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => kept.has(name))),
      },
    } as ReturnType<ReturnType<typeof createJsonSchemaTransformObject>>;
  };
}

/**
 * A document's components, with every schema's own metadata (its `.describe()`, kept in zod's
 * global registry) still found through it: without that, no field of the document would carry
 * its description. fastify-type-provider-zod reads a registry's `_map`, so the fallback is there.
 */
type Meta = { id?: string; [key: string]: unknown };
class MetaWithGlobalFallback extends WeakMap<z.core.$ZodType, Meta> {
  private readonly global = (z.globalRegistry as unknown as { _map: WeakMap<object, Meta> })._map;
  override get(schema: z.core.$ZodType): Meta | undefined {
    const own = super.get(schema);
    const described = this.global.get(schema);
    return own || described ? { ...described, ...own } : undefined;
  }
  override has(schema: z.core.$ZodType): boolean {
    return super.has(schema) || this.global.has(schema);
  }
}
function documentRegistry() {
  const registry = z.registry<{ id: string }>();
  (registry as unknown as { _map: WeakMap<object, Meta> })._map = new MetaWithGlobalFallback();
  return registry;
}

/** The one thing this route promises of its text; the document's own validators check the rest. */
const OpenApiDocumentSchema = z
  .looseObject({
    openapi: z.string(),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .describe('Dieses Dokument: OpenAPI 3.1.');

export interface ApiDocumentOptions {
  title: string;
  version: string;
  description: string;
  /** Where the document is served, e.g. `/openapi.json` (inside the app's prefix, if any). */
  documentPath: `/${string}`;
  /** Where the readable reference page is served; none when absent. */
  referencePath?: `/${string}`;
  /** The base paths the documented paths are relative to (stripped from them), e.g. `/api`. */
  servers?: readonly { url: string; description: string }[];
  /** A header of the API's own (`name`), or the standard `Authorization: Bearer`. */
  securitySchemes?: Readonly<
    Record<string, { name: string; description: string } | { bearer: true; description: string }>
  >;
  /** Each route's operationId, German summary and area (a tag); the test holds every route to it. */
  operations?: ApiOperations;
  /** The areas in the document's order, each with a German description. */
  tags?: Readonly<Record<string, string>>;
  /**
   * The schemas several operations share, by their component name: the document names them once
   * under `components.schemas` and refers to them (`$ref`), so that a generated client has one
   * type for each. Answers keep the name; a schema read as a request body gets `Input` after it.
   */
  components?: Readonly<Record<string, z.ZodType>>;
}

/**
 * The reference page's policy: its script and the inline call that starts it by hash, styles
 * inline (the page sets them at run time), everything else from this origin alone.
 */
function referencePagePolicy(html: string): string {
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
  );
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/**
 * The OpenAPI 3.1 document of every route registered in `app` after this call (and below it),
 * made from their zod schemas once when the app is ready and served as that text from then on;
 * optionally a readable reference page of it (Scalar, its script from the npm package).
 * Register it before the routes: @fastify/swagger collects them as they are added.
 */
export async function registerApiDocument(app: FastifyInstance, options: ApiDocumentOptions) {
  const securitySchemes = Object.fromEntries(
    Object.entries(options.securitySchemes ?? {}).map(([key, scheme]) => [
      key,
      'bearer' in scheme
        ? { type: 'http' as const, scheme: 'bearer', description: scheme.description }
        : { type: 'apiKey' as const, in: 'header', ...scheme },
    ]),
  );
  // A registry of this document's own: the other document's components stay out of it.
  const schemaRegistry = documentRegistry();
  for (const [id, schema] of Object.entries(options.components ?? {}))
    schemaRegistry.add(schema, { id });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: options.title, version: options.version, description: options.description },
      ...(options.servers && { servers: [...options.servers] }),
      ...(options.tags && {
        tags: Object.entries(options.tags).map(([name, description]) => ({ name, description })),
      }),
      components: { securitySchemes },
    },
    transform: transformWithRouteDocument(options.operations ?? {}, schemaRegistry),
    transformObject: referencedComponentsOnly(createJsonSchemaTransformObject({ schemaRegistry })),
  });

  let document: PrebuiltJson<z.infer<typeof OpenApiDocumentSchema>> | undefined;
  app.addHook('onReady', () => {
    document = new PrebuiltJson(JSON.stringify(app.swagger()));
  });
  app.get(
    options.documentPath,
    {
      schema: {
        response: { 200: OpenApiDocumentSchema },
      },
      serializerCompiler: prebuiltJsonSerializer,
    },
    (_request, reply) => {
      if (!document) throw new Error('the API document is built when the app is ready');
      // The same for everybody and until the next release: any cache may keep it a while.
      return reply
        .header('cache-control', 'public, max-age=300')
        .type('application/json; charset=utf-8')
        .send(prebuiltJsonBody(document));
    },
  );

  if (options.referencePath) {
    const referencePath = options.referencePath;
    const reference = lazyReference(referencePath, {
      url: `${app.prefix}${options.documentPath}`,
      pageTitle: options.title,
      localization: { locale: 'de' },
      // Nothing to another origin: no web fonts, no telemetry, no AI agent of Scalar's.
      withDefaultFonts: false,
      telemetry: false,
      agent: { disabled: true },
      showDeveloperTools: 'never',
      hideClientButton: true,
    });
    await app.register(async (scope) => {
      scope.addHook('onSend', async (_request, reply, payload) => {
        const type = reply.getHeader('content-type');
        if (typeof type === 'string' && type.startsWith('text/html') && typeof payload === 'string')
          reply.header('content-security-policy', referencePagePolicy(payload));
        return payload;
      });
      // Not in the document, as Scalar's own routes were not.
      const hidden = { schema: { hide: true } };
      scope.get(referencePath, hidden, reference);
      scope.get(`${referencePath}/*`, hidden, reference);
    });
  }
}

/**
 * The reference page's routes, served by Scalar's plugin in an app of its own that is made on
 * the first ask: the plugin holds its page's script as some 10 MB of text from when it is
 * loaded, 24 MB of every start's memory for a page an operator opens now and then (measured).
 */
function lazyReference(
  referencePath: `/${string}`,
  configuration: FastifyApiReferenceOptions['configuration'],
) {
  let made: Promise<FastifyInstance> | undefined;
  const referenceApp = () =>
    (made ??= (async () => {
      const { default: scalarApiReference } = await import('@scalar/fastify-api-reference');
      const inner = Fastify();
      await inner.register(scalarApiReference, { routePrefix: referencePath, configuration });
      await inner.ready();
      return inner;
    })().catch((error: unknown) => {
      // The next ask tries again: a failure to load (a file replaced by a deploy) is not kept.
      made = undefined;
      throw error;
    }));
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const answer = await (await referenceApp()).inject({ method: 'GET', url: request.url });
    // A path Scalar does not know is this app's "not found", in German.
    if (answer.statusCode === 404) return reply.callNotFound();
    for (const name of ['content-type', 'location', 'cache-control']) {
      const value = answer.headers[name];
      if (value !== undefined) reply.header(name, value);
    }
    const isText = String(answer.headers['content-type']).startsWith('text/');
    return reply.code(answer.statusCode).send(isText ? answer.body : answer.rawPayload);
  };
}
