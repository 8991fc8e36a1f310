/** An answer with a status and a German message for the customer; the error handler sends it. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly felder?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message = 'Nicht gefunden.') => new HttpError(404, message);
