import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** What a document's headers are for: none of it applies to JSON, a script or a style sheet. */
const DOCUMENT_ONLY: HelmetOptions = {
  contentSecurityPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/** Chosen by what is sent, not by the path: any HTML, wherever it comes from, is a document. */
const isDocument = (contentType: unknown) =>
  typeof contentType === 'string' && contentType.toLowerCase().startsWith('text/html');

/**
 * helmet's headers, its middleware built once at start: @fastify/helmet builds it anew for every
 * request (helmet's parseDirectives and dashify were 8 % of the CPU of an authenticated read,
 * profiled). The pages get all of them; an API answer, a script or a style sheet is no document
 * and gets what applies to it (nosniff, the resource policy): a kilobyte less on each of the
 * dozen answers a screen loads over a phone's connection.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const forDocuments = helmet(options);
  const forResources = helmet({ ...options, ...DOCUMENT_ONLY } as HelmetOptions);
  app.addHook('onSend', (request, reply, payload, done) => {
    const headers = isDocument(reply.getHeader('content-type')) ? forDocuments : forResources;
    headers(request.raw, reply.raw, (error?: unknown) => {
      if (error) done(error as Error);
      else done(null, payload);
    });
  });
}
