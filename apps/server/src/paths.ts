import { fileURLToPath } from 'node:url';

/**
 * The server's own folder, found from this module: it lies one level below it both as source
 * (src/paths.ts, run by tsx and the tests) and bundled (dist/main.js, `npm start`).
 */
const serverRoot = new URL('../', import.meta.url);

export const repoRoot = fileURLToPath(new URL('../../', serverRoot));

export const migrationsFolder = fileURLToPath(new URL('src/db/migrations/', serverRoot));
