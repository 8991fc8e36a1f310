import { Readable } from 'node:stream';
import type { FastifySerializerCompiler } from 'fastify/types/schema';

/**
 * The JSON text of a `T`, written by our own code from typed values: in one string, or in pieces
 * of UTF-8 to be sent one after the other. Never joined: an hourly year is a megabyte, and one
 * string, copied again into bytes for the compression, was most of the server's memory under
 * 50 callers at once (measured). `T` names the schema the text follows; a test of each route
 * that sends one parses the bytes it answers with that schema.
 */
export class PrebuiltJson<T> {
  /** Only the type: which answer the text is. */
  declare readonly answer?: T;

  /**
   * @param text one string, or its pieces made when the answer is sent (they may be kept
   * compressed, and a client that takes gzip never needs them)
   * @param gzipped where the text is mostly kept: the same as one gzip member, its kept parts
   * compressed once (lib/gzip-member.ts), for a client that takes gzip.
   */
  constructor(
    readonly text: string | (() => Promise<readonly Buffer[]>),
    readonly gzipped?: () => Promise<readonly Buffer[]>,
  ) {}
}

/** The whole text, for a check or a test: a route sends the pieces as they are. */
export async function wholeText({ text }: PrebuiltJson<unknown>): Promise<string> {
  return typeof text === 'string' ? text : Buffer.concat(await text()).toString('utf8');
}

/**
 * What a route sends for a PrebuiltJson: its one string, or a stream of its pieces. Fastify sends
 * both unmodified (they count as serialized already), so the route declares this reply type
 * beside the schema the text follows.
 */
export type PrebuiltJsonBody = string | Readable;

export const prebuiltJsonBody = ({ text }: PrebuiltJson<unknown>): PrebuiltJsonBody =>
  typeof text === 'string'
    ? text
    : Readable.from(
        (async function* pieces() {
          yield* await text();
        })(),
      );

/**
 * The serializer of a route whose answers are PrebuiltJson bodies: Fastify never calls it for a
 * string or a stream. Should the route ever send an object instead, that is a mistake, answered
 * as one (500), never sent unchecked or serialized by another schema.
 */
export const prebuiltJsonSerializer: FastifySerializerCompiler<unknown> =
  ({ url, httpStatus }) =>
  () => {
    throw new Error(`${url} answers ${httpStatus} with prebuilt JSON only`);
  };
