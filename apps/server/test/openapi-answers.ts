import { expect } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';

export interface OpenApiDocument {
  openapi: string;
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
}
interface Operation {
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
