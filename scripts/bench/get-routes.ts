/**
 * Every GET of the customers' API that needs a session, taken from the server's own OpenAPI
 * document, so that a new route gets its row without editing the bench: each under load beside
 * a bare Fastify answering that route's exact bytes, in the same run (the target: ≥ 0.25 × the
 * peer, p99 < 30 ms). A route's `{id}` is the first of the customer's contracts it answers 200
 * for; a required query parameter gets a value a customer's screen would send.
 */
import { berlinDayOf } from '@kundenportal/contract';
import { CONNECTIONS, underLoad } from './load';
import { startBareFastify } from './processes';
import type { Row } from './table';

type Session = Record<string, string>;

/** Measured elsewhere or not JSON reads, each with the reason. */
const EXCLUDED: Record<string, string> = {
  '/token/refresh': 'renews the session: a write',
  '/vertrag/{id}/historie': 'its own rows: the hourly year, 50 customers at once',
  '/vertrag/{id}/preiszeitreihe': 'its own rows: the price series',
  '/preiszeitreihe': 'its own rows: the price series',
  '/dokument/daten/{id}': 'a PDF download',
  '/vertrag/{id}/ablesungen/foto': 'a photo download',
};

interface OpenApiGet {
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean }[];
}
interface OpenApiDocument {
  security?: unknown[];
  paths: Record<string, { get?: OpenApiGet }>;
}

/** The GET routes that need a session and are not excluded, with their query parameters. */
async function sessionRoutes(api: string) {
  const document = (await (await fetch(`${api}/openapi.json`)).json()) as OpenApiDocument;
  return Object.entries(document.paths).flatMap(([path, operations]) => {
    const get = operations.get;
    const security = get?.security ?? document.security ?? [];
    if (!get || security.length === 0 || path in EXCLUDED) return [];
    const required = (get.parameters ?? []).filter((p) => p.in === 'query' && p.required);
    return [{ path, required: required.map((parameter) => parameter.name) }];
  });
}

/** The URLs to try for a route: one per contract or document for `{id}`, with its query. */
async function candidates(api: string, session: Session, path: string, required: string[]) {
  // Every `{id}` of these routes is a contract number (GET /dokument/{id}: the contract's list).
  const { vertraege: ids } = (await (
    await fetch(`${api}/anschlussnutzer`, { headers: session })
  ).json()) as { vertraege: number[] };
  const paths = path.includes('{id}') ? ids.map((id) => path.replace('{id}', String(id))) : [path];
  const urls: string[] = [];
  for (const concrete of paths) {
    const query = new URLSearchParams();
    if (required.includes('ablesedatum')) query.set('ablesedatum', berlinDayOf(new Date()));
    if (required.includes('zaehlernummer')) {
      const meter = await fetch(`${api}${concrete.replace(/\/ablesungen\/.*$/, '')}/zaehler`, {
        headers: session,
      });
      if (!meter.ok) continue;
      query.set('zaehlernummer', ((await meter.json()) as { nummer: string }).nummer);
    }
    urls.push(`${api}${concrete}${query.size > 0 ? `?${query.toString()}` : ''}`);
  }
  return urls;
}

/** One row a route: under load, beside its peer answering the same bytes. */
export async function measureGetRoutes(api: string, session: Session): Promise<Row[]> {
  const only = process.env.BENCH_GET_ONLY;
  const rows: Row[] = [];
  for (const { path, required } of await sessionRoutes(api)) {
    if (only && path !== only) continue;
    let url: string | undefined;
    let body = '';
    for (const candidate of await candidates(api, session, path, required)) {
      const answer = await fetch(candidate, { headers: session });
      if (answer.ok) {
        url = candidate;
        body = await answer.text();
        break;
      }
    }
    const what = `GET ${path}, ${CONNECTIONS} connections`;
    if (!url) {
      rows.push({ what: `${what}: no 200 answer for 10001`, value: NaN, targets: { min: 0 } });
      continue;
    }
    console.error(`Last auf ${url.slice(api.length)} und seinen Peer …`);
    const bare = await startBareFastify(body);
    try {
      const peer = await underLoad(bare.origin);
      const load = await underLoad(url, session);
      rows.push({ what, load, peer, targets: { ratio: 0.25, p99: 30 } });
    } finally {
      await bare.stop();
    }
  }
  return rows;
}
