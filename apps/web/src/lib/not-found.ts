import { notFound } from '@tanstack/react-router';
import { ApiError } from './api-client';

/** A loader's 404 (an unknown or foreign contract) becomes the router's not-found path. */
export function notFoundOn404(error: unknown): never {
  if (error instanceof ApiError && error.status === 404) throw notFound();
  throw error;
}
