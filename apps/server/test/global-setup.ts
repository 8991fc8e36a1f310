import type { TestProject } from 'vitest/node';
import { createPostgresTemplate, migratedPgliteDump } from './migrated-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template database on TEST_DATABASE_URL, when one is given. */
    postgresTemplate?: string;
  }
}

/** Once per run: the migrated databases every test server copies (migrated-database.ts). */
export default async function setup(project: TestProject) {
  await migratedPgliteDump();
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const template = await createPostgresTemplate(url);
  project.provide('postgresTemplate', template.name);
  return () => template.drop();
}
