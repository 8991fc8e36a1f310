import { expect } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';

export interface OpenApiDocument {
  openapi: string;
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, object> };
}
interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  requestBody?: { content?: Record<string, { schema: object }> };
  responses: Record<string, DocumentedResponse>;
  security?: Record<string, string[]>[];
}
interface DocumentedResponse {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: object }>;
}

/** A call made, named by its route as Fastify registered it (`GET /api/vertrag/:id`). */
export interface Call {
  route: string;
  response: LightMyRequestResponse;
}

const escapePointer = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Each call's answer checked against the document: its status among the documented ones, its
 * body against that status's schema (ajv, JSON Schema 2020-12 as OpenAPI 3.1 has it), its
 * documented headers present. A route not in the document, or one no call reached with 2xx,
 * fails.
 */
export function expectAnswersAsDocumented(
  document: OpenApiDocument,
  routes: string[],
  calls: Call[],
) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document, 'openapi.json');
  const base = document.servers?.[0]?.url ?? '';

  const reached = new Set(calls.map((made) => made.route));
  expect(
    routes.filter((route) => !reached.has(route)),
    'routes no call reached',
  ).toEqual([]);
  const succeeded = new Set(
    calls.filter((made) => made.response.statusCode < 300).map((made) => made.route),
  );
  expect(
    routes.filter((route) => !succeeded.has(route)),
    'routes never answered 2xx',
  ).toEqual([]);

  for (const { route, response } of calls) {
    const [method, url] = route.split(' ') as [string, string];
    const path = url.replace(base, '').replace(/:(\w+)/g, '{$1}');
    const operation = document.paths[path]?.[method.toLowerCase()];
    expect(operation, `${route} is in the document`).toBeDefined();
    const status = String(response.statusCode);
    const documented = Object.keys(operation!.responses);
    const key = [status, `${status[0]}XX`, 'default'].find((code) => documented.includes(code));
    const name = `${route} answered ${status}: ${response.body.slice(0, 300)}`;
    expect(key, `${name} — documented are ${documented.join(', ')}`).toBeDefined();
    const answer = operation!.responses[key!]!;
    for (const header of Object.keys(answer.headers ?? {}))
      expect(response.headers[header], `${name}: header ${header}`).toBeDefined();

    const type = String(response.headers['content-type'] ?? '').split(';')[0]!;
    if (!answer.content) {
      expect(response.body, name).toBe('');
      continue;
    }
    expect(Object.keys(answer.content), name).toContain(type);
    if (type !== 'application/json') continue;
    const pointer = ['paths', path, method.toLowerCase(), 'responses', key!, 'content', type]
      .map(escapePointer)
      .join('/');
    const validate = ajv.compile({ $ref: `openapi.json#/${pointer}/schema` });
    const valid = validate(response.json());
    expect(valid ? [] : validate.errors, name).toEqual([]);
  }
}

/** The document the reference page tests register, as the operator's port does. */
export const OPERATOR_LIKE_DOCUMENT = {
  title: 'Kundenportal – Betrieb',
  version: '1.0.0',
  description: 'Import und Änderungen.',
  documentPath: '/openapi.json',
  referencePath: '/referenz',
  securitySchemes: { schluessel: { name: 'authorization', description: 'Bearer <Schlüssel>' } },
} as const;

/** Words of English summaries a generator's default would give; a German summary has none. */
const ENGLISH_WORDS = /\b(get|post|put|delete|the|list|create|update|read|of|by|and|with)\b/i;

/**
 * What a generated client is named by: every operation has an operationId (unique, an
 * identifier), a German summary and one tag the document describes; an object schema that two
 * operations share is one component they refer to, and every component is referred to.
 */
export function expectNamedOperations(document: OpenApiDocument) {
  const tags = new Map(document.tags?.map((tag) => [tag.name, tag.description]));
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${path}`,
      operation,
    })),
  );
  const ids = operations.map(({ operation }) => operation.operationId);
  for (const { name, operation } of operations) {
    expect(operation.operationId, name).toMatch(/^[a-z][A-Za-z]+$/);
    expect(operation.summary, name).toMatch(/^[A-ZÄÖÜ]/);
    expect(operation.summary, name).not.toMatch(ENGLISH_WORDS);
    expect(operation.tags, name).toHaveLength(1);
    expect(tags.get(operation.tags![0]!), `${name}: tag ${operation.tags?.[0]}`).toMatch(/\S/);
  }
  expect(
    ids.filter((id, i) => ids.indexOf(id) !== i),
    'operationIds used twice',
  ).toEqual([]);
  expect(
    [...tags.keys()].filter(
      (tag) => !operations.some(({ operation }) => operation.tags?.includes(tag)),
    ),
    'tags no operation has',
  ).toEqual([]);

  // Every object schema written out in an operation, by its text, and where it stands.
  const inline = new Map<string, Set<string>>();
  const collect = (schema: unknown, where: string) => {
    if (Array.isArray(schema)) return schema.forEach((item) => collect(item, where));
    if (schema === null || typeof schema !== 'object') return;
    // A description differs per answer; the shape is what a client's type is made of.
    const rest = { ...(schema as Record<string, unknown>) };
    delete rest['description'];
    if (rest['type'] === 'object' && rest['properties']) {
      const text = JSON.stringify(rest);
      inline.set(text, (inline.get(text) ?? new Set()).add(where));
    }
    for (const value of Object.values(rest)) collect(value, where);
  };
  for (const { name, operation } of operations) {
    for (const media of Object.values(operation.requestBody?.content ?? {}))
      collect(media.schema, name);
    for (const answer of Object.values(operation.responses))
      for (const media of Object.values(answer.content ?? {})) collect(media.schema, name);
  }
  const shared = [...inline].filter(([, where]) => where.size > 1);
  expect(
    shared.map(([text, where]) => `${[...where].join(', ')}: ${text.slice(0, 120)}`),
    'object schemas written out in several operations instead of a component',
  ).toEqual([]);
  const components = Object.keys(document.components?.schemas ?? {});
  expect(components.length, 'components').toBeGreaterThan(0);
  const text = JSON.stringify(document);
  for (const component of components)
    expect(text, component).toContain(`"#/components/schemas/${component}"`);
}
