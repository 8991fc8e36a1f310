import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { HTTPMethods, RouteOptions } from 'fastify';
import { berlinDayOf } from '@kundenportal/contract';
import { tableDigests } from './db-digest';
import { expectGermanError } from './german-messages';
import { backends, sessionHeaders, startTestServer, type TestServer } from './harness';

type Kind = 'contract' | 'billingAddress' | 'bankDetails' | 'document';
type Headers = Awaited<ReturnType<typeof sessionHeaders>>;

/**
 * What a route parameter names, told by the path up to it: `:id` is a contract after
 * /vertrag/, a document after /dokument/daten/. A parameter no rule knows fails the test, so that
 * a new route cannot go without its foreign-id check.
 */
const PARAMETER_KINDS: ReadonlyArray<readonly [RegExp, Kind]> = [
  [/\/vertrag\/:id$/, 'contract'],
  [/\/dokument\/:id$/, 'contract'],
  [/\/dokument\/daten\/:id$/, 'document'],
  [/\/rechnungsadresse\/(loeschen|beenden)\/:rowId$/, 'billingAddress'],
  [/\/bankverbindung\/(loeschen|beenden)\/:rowId$/, 'bankDetails'],
];

/**
 * Ids of each kind that no one owns, one past PostgreSQL's integer: the answer to a foreign id
 * must be the same.
 */
const NOBODYS_IDS = [2_000_000_000, 2 ** 31];

interface Route {
  method: string;
  url: string;
  params: { name: string; kind: Kind }[];
}

function parametersOf(method: string, url: string): Route['params'] {
  return [...url.matchAll(/:(\w+)/g)].map((match) => {
    const upTo = url.slice(0, match.index + match[0].length);
    const kinds = PARAMETER_KINDS.filter(([pattern]) => pattern.test(upTo));
    if (kinds.length !== 1)
      throw new Error(`${method} ${url}: no foreign id is known for the parameter :${match[1]}`);
    return { name: match[1]!, kind: kinds[0]![1] };
  });
}

const methodsOf = (route: RouteOptions): string[] =>
  ([] as HTTPMethods[]).concat(route.method).map((method) => method.toUpperCase());

describe.each(backends)("another customer's ids answer 404 on %s", (backend) => {
  let server: TestServer;
  const routes: Route[] = [];
  /** Valid requests of each route with a body or a query, so that no 400 can mask the 404. */
  let validInput: Record<string, { payload?: object; query?: Record<string, string> }>;
  const foreign = {} as Record<Kind, number[]>;
  const own = {} as Record<Kind, number[]>;
  let baeckerei: Headers;
  let empty: Headers;

  const idsOf = async (kundennummer: string, kind: Kind): Promise<number[]> => {
    const table = {
      contract: 'contracts',
      billingAddress: 'billing_addresses',
      bankDetails: 'bank_details',
      document: 'documents',
    }[kind];
    const result: unknown = await server.db.execute(
      sql`select t.id from ${sql.identifier(table)} t join customers c on c.id = t.customer_id
           where c.kundennummer = ${kundennummer} order by t.id`,
    );
    return (result as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
  };

  beforeAll(async () => {
    server = await startTestServer(backend, {
      onRoute: (route) => {
        // Customers' data is only under /api (the app's icons, /app-icons/:file, name no one's).
        for (const method of methodsOf(route)) {
          if (route.url.startsWith('/api/') && route.url.includes(':'))
            routes.push({ method, url: route.url, params: parametersOf(method, route.url) });
        }
      },
    });
    for (const kind of ['contract', 'billingAddress', 'bankDetails', 'document'] as const) {
      foreign[kind] = await idsOf('10001', kind);
      own[kind] = await idsOf('10002', kind);
      expect(foreign[kind].length, `10001 owns a ${kind}`).toBeGreaterThan(0);
    }
    const max = await sessionHeaders(server.app, '10001');
    baeckerei = await sessionHeaders(server.app, '10002');
    empty = await sessionHeaders(server.app, '10005');
    const meter = (
      await server.app.inject({ url: `/api/vertrag/${foreign.contract[0]}/zaehler`, headers: max })
    ).json<{ nummer: string; kanaele: { obiskennzahl: string }[] }>();
    const today = new Date().toISOString().slice(0, 10);
    const inAMonth = berlinDayOf(new Date(), 30);
    validInput = {
      'POST /ablesungen': {
        payload: {
          ablesedatum: today,
          zaehlernummer: meter.nummer,
          ablesewerte: Object.fromEntries(meter.kanaele.map((k) => [k.obiskennzahl, 1])),
        },
      },
      'GET /ablesungen/plausibilisiere': {
        query: {
          ablesedatum: today,
          zaehlernummer: meter.nummer,
          ...Object.fromEntries(meter.kanaele.map((k) => [`ablesewerte.${k.obiskennzahl}`, '1'])),
        },
      },
      'POST /kuendigen': { payload: { grund: 'AUSZUG', datum: inAMonth, text: 'Umzug' } },
      'POST /rechnungsadresse/anlegen': {
        payload: {
          gueltigVon: inAMonth,
          anrede: 'Firma',
          firma: 'Fremde GmbH',
          strasse: 'Hauptstraße',
          hausnummer: '1',
          postleitzahl: '10115',
          ort: 'Berlin',
          land: 'Deutschland',
        },
      },
      'POST /bankverbindung/anlegen': {
        payload: {
          kontoinhaber: 'Fremde GmbH',
          iban: 'DE89370400440532013000',
          gueltigVon: inAMonth,
          lastschrifteinzugErlaubt: true,
        },
      },
    };
  });
  afterAll(() => server.close());

  /**
   * The request for a route with the given ids, with the valid body or query it takes, or with
   * a broken one: the contract and row check comes first, so neither may change the answer.
   */
  function request(route: Route, ids: number[], headers: Headers, input: 'valid' | 'broken') {
    let url = route.url;
    route.params.forEach((param, index) => {
      url = url.replace(`:${param.name}`, String(ids[index]));
    });
    const method = route.method === 'HEAD' ? 'GET' : route.method;
    const valid = validInput[`${method} ${route.url.replace(/^.*\/:\w+/, '')}`];
    if (!valid && ['POST', 'PUT', 'PATCH'].includes(method))
      throw new Error(`${route.method} ${route.url}: no valid body is known for this route`);
    const common = { method: route.method, url, headers };
    if (input === 'broken')
      return server.app.inject({
        ...common,
        headers: { ...headers, 'content-type': 'application/json' },
        query: { von: 'gestern', ablesedatum: '31.02.', zaehlernummer: '' },
        ...(method !== 'GET' && { payload: '{"kaputt": ' }),
      });
    return server.app.inject({
      ...common,
      ...(valid?.query && { query: valid.query }),
      ...(valid?.payload && { payload: valid.payload }),
    });
  }

  /**
   * Each foreign id in each parameter, the others the caller's own where it has one: a route
   * must check the contract and the row, each on its own.
   */
  function cases(route: Route, owner: 'own' | 'none') {
    const fallback = (kind: Kind) => (owner === 'own' ? own[kind][0] : undefined);
    return route.params.flatMap((param, index) =>
      foreign[param.kind].map((id) => ({
        ids: route.params.map((other, j) =>
          j === index ? id : (fallback(other.kind) ?? foreign[other.kind][0]!),
        ),
        foreignAt: index,
      })),
    );
  }

  it('knows the routes and a foreign id for each of their parameters', () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.some((route) => route.method === 'DELETE')).toBe(true);
  });

  for (const [caller, owner] of [
    ['10002', 'own'],
    ['10005', 'none'],
  ] as const) {
    it(`answers ${caller} on every route with a parameter as for an id that does not exist`, async () => {
      const headers = caller === '10002' ? baeckerei : empty;
      const before = await tableDigests(server.db);
      for (const route of routes) {
        for (const { ids, foreignAt } of cases(route, owner)) {
          const name = `${route.method} ${route.url} with ${ids.join(', ')}`;
          const response = await request(route, ids, headers, 'valid');
          expect(response.statusCode, name).toBe(404);
          if (route.method !== 'HEAD') expectGermanError(response.json());
          // A broken payload tells a foreign id from a missing one no better; and the contract
          // check comes before the payload's, so a foreign contract answers 404 regardless.
          const broken = await request(route, ids, headers, 'broken');
          if (route.params[foreignAt]!.kind === 'contract')
            expect(broken.statusCode, `${name} and a broken payload`).toBe(404);
          for (const nobodysId of NOBODYS_IDS) {
            const nobodys = ids.map((id, index) => (index === foreignAt ? nobodysId : id));
            const unknown = await request(route, nobodys, headers, 'valid');
            expect(unknown.statusCode, name).toBe(404);
            expect(response.body, name).toBe(unknown.body);
            const brokenUnknown = await request(route, nobodys, headers, 'broken');
            expect(broken.body, `${name} and a broken payload`).toBe(brokenUnknown.body);
          }
        }
      }
      expect(await tableDigests(server.db)).toEqual(before);
    });
  }
});
