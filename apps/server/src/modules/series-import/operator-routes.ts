import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { SeriesContractParamsSchema, SeriesImportSummarySchema } from '@kundenportal/contract';
import { HttpError } from '../../lib/http-error';
import type { SeriesImportService } from './service';

/**
 * A series body at most: a month of quarter-hours is 31 × 96 = 2,976 rows; a JSON row of ISO
 * time with offset and value is about 70 bytes, 130 pretty-printed. 4 MB hold that month ten
 * times over (a large customer's several meters sent as one series, or a few months), and keep
 * one call from deleting or holding the database for years of hours.
 */
const MAX_SERIES_BYTES = 4 * 1024 * 1024;

const FORMATS = {
  'application/json': 'json',
  'application/x-ndjson': 'ndjson',
  'application/ndjson': 'ndjson',
  'text/csv': 'csv',
} as const;
type MediaType = keyof typeof FORMATS;

/** An EDM's CSV often comes as Windows-1252; everything else is UTF-8. */
const SINGLE_BYTE_CHARSETS = new Set(['windows-1252', 'iso-8859-1', 'iso-8859-15', 'latin1']);

const UNSUPPORTED =
  'Die Daten wurden in einem nicht unterstützten Format gesendet: erlaubt sind application/json, application/x-ndjson und text/csv.';

const tooLarge = (limit: number) =>
  new HttpError(
    413,
    `Die gesendeten Daten sind zu groß (höchstens ${limit / 1024 / 1024} MB je Aufruf; größere Zeiträume bitte aufteilen).`,
  );

/** The request's body as it arrives, decoded to text, counted against the limit. */
async function* bodyOf(request: FastifyRequest, limit: number): AsyncGenerator<string> {
  const charset = /charset=([^;]+)/i.exec(request.headers['content-type'] ?? '')?.[1];
  const decoder = new TextDecoder(
    charset && SINGLE_BYTE_CHARSETS.has(charset.trim().toLowerCase()) ? 'windows-1252' : 'utf-8',
  );
  // refused before a byte is read when the sender says how much comes
  if (Number(request.headers['content-length']) > limit) throw tooLarge(limit);
  let bytes = 0;
  if (!request.body) return;
  for await (const chunk of request.body as AsyncIterable<Buffer>) {
    bytes += chunk.byteLength;
    if (bytes > limit) throw tooLarge(limit);
    yield decoder.decode(chunk, { stream: true });
  }
  yield decoder.decode();
}

function formatOf(request: FastifyRequest) {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const format = FORMATS[type as MediaType] as (typeof FORMATS)[MediaType] | undefined;
  if (!format) throw new HttpError(415, UNSUPPORTED);
  return { format, limit: MAX_SERIES_BYTES };
}

/**
 * The operator's import of time series (docs/operator-api.md): PUT replaces the period the body
 * covers. JSON, NDJSON or semicolon CSV by the content type; the body is read as it streams in
 * (the parsers take it piece by piece), never by Fastify's JSON parser with its small limit.
 * Registered by operator-app.ts, behind its key check.
 */
export const seriesImportRoutes: FastifyPluginAsyncZod<{
  seriesImport: SeriesImportService;
}> = async (app, { seriesImport }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(Object.keys(FORMATS), (_request, payload, done) => done(null, payload));

  app.put(
    '/import/energiemengen/:vertragsnummer',
    {
      schema: {
        params: SeriesContractParamsSchema,
        response: { 200: SeriesImportSummarySchema },
      },
    },
    async (request) => {
      const { format, limit } = formatOf(request);
      return seriesImport.importConsumption(
        request.params.vertragsnummer,
        bodyOf(request, limit),
        format,
      );
    },
  );

  app.put(
    '/import/preise',
    { schema: { response: { 200: SeriesImportSummarySchema } } },
    async (request) => {
      const { format, limit } = formatOf(request);
      return seriesImport.importPrices(bodyOf(request, limit), format);
    },
  );
};
