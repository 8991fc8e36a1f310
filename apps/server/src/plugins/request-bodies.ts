import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error';
import {
  createJsonParseWorker,
  TooDeepJsonError,
  UnreadableJsonError,
  UnreadableJsonLineError,
} from '../lib/json-parse-worker';

/**
 * What a JSON call may send: the contact request's 5,000 characters fit even as three bytes each
 * (JSON keeps non-ASCII as it is). A larger body would be read, parsed and walked by the text
 * check before any rule refuses it, on the event loop every customer shares.
 */
export const JSON_BODY_LIMIT_BYTES = 32 * 1024;

/** The reading with a photo: 10 MB decoded as base64, behind the session guard. */
export const PHOTO_BODY_LIMIT_BYTES = 15 * 1024 * 1024;

/** From this size on a body is parsed in a worker thread: only a reading with a photo is. */
export const PARSE_IN_WORKER_FROM_BYTES = 1024 * 1024;

const NO_BODY_EXPECTED_MESSAGE = 'Diese Anfrage nimmt keine Daten im Inhalt an.';
const ENCODED_BODY_MESSAGE =
  'Komprimiert gesendete Daten werden nicht angenommen. Bitte senden Sie sie unkomprimiert.';

const sendsBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined ||
  Number(request.headers['content-length'] ?? 0) > 0;

/**
 * Refuses from the headers alone, before a byte of the body is read: a body where the call takes
 * none (login, the reset calls and every read take headers or a query), and any compressed body
 * (27 kB of gzip inflate to 14 MB; the web never compresses what it sends). It runs after the
 * session guard and the contract scope (onRequest), so that a foreign contract stays a 404
 * whatever is sent, and before the body is read or inflated (preParsing, ahead of compress').
 */
export function refuseUnwantedBodies(app: FastifyInstance) {
  app.addHook('preParsing', async (request, _reply, payload) => {
    const encoding = request.headers['content-encoding'];
    if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
      throw new HttpError(415, ENCODED_BODY_MESSAGE);
    }
    if (sendsBody(request) && !request.routeOptions.schema?.body) {
      throw new HttpError(413, NO_BODY_EXPECTED_MESSAGE);
    }
    return payload;
  });
  // Node would read and throw away the rest of a refused body to keep the connection alive:
  // megabytes of the client's choosing through the event loop every customer shares. An answer
  // to a request whose body was not read (refused from its head) closes the connection instead.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.body === undefined && !request.raw.complete && sendsBody(request))
      reply.header('connection', 'close');
    done(null, payload);
  });
}

/**
 * JSON bodies as Fastify parses them, but a body of a megabyte or more (a photo) in a worker
 * thread (lib/json-parse-worker.ts), so that its parse does not hold the event loop every
 * customer shares. The same refusals either way: empty, unreadable, a prototype key.
 */
export function parseLargeJsonOffTheLoop(app: FastifyInstance) {
  const worker = createJsonParseWorker();
  const parseHere = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer' },
    (request, body: Buffer, done) => {
      if (body.length < PARSE_IN_WORKER_FROM_BYTES) {
        void parseHere(request, body.toString('utf8'), done);
        return;
      }
      void worker.parse(body).then(
        (value) => done(null, value),
        (error: unknown) =>
          done(
            error instanceof UnreadableJsonError
              ? new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY()
              : (error as Error),
            undefined,
          ),
      );
    },
  );
  app.addHook('onClose', () => worker.close());
}

/**
 * How deep an operator's record may nest arrays and objects: the deepest import record (a price
 * sheet's tariffs) nests three. A deeper body is refused before it is parsed.
 */
export const OPERATOR_BODY_MAX_DEPTH = 32;

const tooDeepMessage = (line?: number) =>
  `${line === undefined ? 'Die gesendeten Daten sind' : `Zeile ${line} ist`} zu tief verschachtelt: höchstens ${OPERATOR_BODY_MAX_DEPTH} Ebenen.`;
const unreadableLineMessage = (line: number) =>
  `Zeile ${line} ist kein JSON-Objekt. NDJSON hat einen Datensatz je Zeile.`;

const NDJSON_TYPES = ['application/x-ndjson', 'application/jsonl'];

/**
 * The operator's JSON and NDJSON bodies (16 MB of master data, 64 MB of documents; each route
 * sets its limit), all parsed in a worker thread: on the event loop, the parse of 10 MB nested
 * 5,000,000 deep held every customer for 10 s. Nesting past OPERATOR_BODY_MAX_DEPTH is refused
 * before the parse, with a German 400; NDJSON names its line, as does a line that is no JSON.
 */
export function parseOperatorBodiesOffTheLoop(app: FastifyInstance) {
  const worker = createJsonParseWorker();
  const refusal = (error: unknown): Error => {
    if (error instanceof TooDeepJsonError) {
      const message = tooDeepMessage(error.line);
      return new HttpError(400, message, { eingabe: message });
    }
    if (error instanceof UnreadableJsonLineError) {
      const message = unreadableLineMessage(error.line);
      return new HttpError(400, message, { eingabe: message });
    }
    if (error instanceof UnreadableJsonError) return new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY();
    return error as Error;
  };
  const parser =
    (lines: boolean) =>
    (
      _request: FastifyRequest,
      body: Buffer,
      done: (error: Error | null, value?: unknown) => void,
    ) => {
      if (!lines && body.length === 0) return done(new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY());
      void worker.parse(body, { maxDepth: OPERATOR_BODY_MAX_DEPTH, lines }).then(
        (value) => done(null, value),
        (error: unknown) => done(refusal(error), undefined),
      );
    };
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, parser(false));
  app.addContentTypeParser(NDJSON_TYPES, { parseAs: 'buffer' }, parser(true));
  app.addHook('onClose', () => worker.close());
}
