import { open } from 'node:fs/promises';
import { z } from 'zod';

/**
 * A backup file: this line, one line of JSON (the manifest), then the database's own dump.
 * docs/operations.md, "Backup and restore", describes it for operators.
 */
const MAGIC = 'KUNDENPORTAL-SICHERUNG 1';
/** Manifests are a few hundred bytes; a file whose header is longer is not a backup. */
const MAX_HEADER_BYTES = 64 * 1024;

const SchemaVersionSchema = z.object({
  /** The migration's file name without `.sql` (drizzle's journal tag). */
  tag: z.string(),
  /** drizzle's hash of the migration's SQL, as in `drizzle.__drizzle_migrations`. */
  hash: z.string(),
  /** The journal's `when` of the migration: later migrations have larger ones. */
  createdAt: z.number(),
});
export type SchemaVersion = z.infer<typeof SchemaVersionSchema>;

const ManifestSchema = z.object({
  kind: z.enum(['pglite', 'postgres']),
  /** The last migration the backed-up database had; a restore runs the ones after it. */
  schema: SchemaVersionSchema,
  createdAt: z.iso.datetime(),
  /** What wrote the dump: PGlite's package version or the PostgreSQL server's version. */
  engine: z.string(),
  /** PGlite's data directory as a gzip tarball, or pg_dump's custom format (compressed). */
  payload: z.enum(['pglite-datadir.tar.gz', 'pg_dump-custom']),
});
export type BackupManifest = z.infer<typeof ManifestSchema>;

export const headerOf = (manifest: BackupManifest) =>
  Buffer.from(`${MAGIC}\n${JSON.stringify(manifest)}\n`, 'utf8');

/** The manifest of a backup file and where its dump starts. */
export async function readHeader(
  path: string,
): Promise<{ manifest: BackupManifest; payloadOffset: number }> {
  const handle = await open(path);
  let head: Buffer;
  try {
    const { buffer, bytesRead } = await handle.read(
      Buffer.alloc(MAX_HEADER_BYTES),
      0,
      MAX_HEADER_BYTES,
      0,
    );
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const notBackup = new Error(`Die Datei ${path} ist keine Sicherung des Kundenportals.`);
  const firstEnd = head.indexOf('\n');
  const secondEnd = firstEnd < 0 ? -1 : head.indexOf('\n', firstEnd + 1);
  if (secondEnd < 0 || head.subarray(0, firstEnd).toString('utf8') !== MAGIC) throw notBackup;
  let parsed: unknown;
  try {
    parsed = JSON.parse(head.subarray(firstEnd + 1, secondEnd).toString('utf8'));
  } catch {
    throw notBackup;
  }
  const manifest = ManifestSchema.safeParse(parsed);
  if (!manifest.success) throw notBackup;
  return { manifest: manifest.data, payloadOffset: secondEnd + 1 };
}
