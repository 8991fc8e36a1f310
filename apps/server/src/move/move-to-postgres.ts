import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { digestSettings, tableDigests, type RunSql, type TableDigest } from '../db/table-digests';
import { partitionsOf, relationsInKeyOrder } from './catalog';
import { copyRelation } from './copy-relation';
import {
  createPartitions,
  MoveRefused,
  refuseFilledTarget,
  sequenceStates,
  setSequences,
  suspendForeignKeys,
} from './target';

interface TableComparison {
  name: string;
  source?: TableDigest;
  target?: TableDigest;
}

export interface MoveResult {
  tables: TableComparison[];
  /** Every table on both sides with the same rows. */
  equal: boolean;
}

const number = (value: number) => value.toLocaleString('de-DE');
const seconds = (since: number) =>
  `${((performance.now() - since) / 1000).toLocaleString('de-DE', { maximumFractionDigits: 1 })} s`;

const sameDigest = (a?: TableDigest, b?: TableDigest) =>
  a !== undefined && b !== undefined && a.rows === b.rows && a.hash === b.hash;

function compare(source: Map<string, TableDigest>, target: Map<string, TableDigest>) {
  const names = [...new Set([...source.keys(), ...target.keys()])].sort();
  const tables = names.map((name) => ({
    name,
    source: source.get(name),
    target: target.get(name),
  }));
  return { tables, equal: tables.every((table) => sameDigest(table.source, table.target)) };
}

const shown = (digest?: TableDigest) =>
  digest ? `${number(digest.rows)} Zeilen ${digest.hash.slice(0, 12)}` : 'fehlt';

/**
 * Copies the embedded database under `<dataDir>/pgdata` into the empty PostgreSQL database at
 * `url`: the schema through the migrations, every table by COPY in one transaction (a failed
 * move leaves the target empty), the sequences past the copied ids; then a digest of every
 * table on both sides. `log` gets the progress, one line a table.
 */
export async function moveToPostgres(options: {
  dataDir: string;
  url: string;
  log: (line: string) => void;
}): Promise<MoveResult> {
  const { log } = options;
  const pgdata = join(options.dataDir, 'pgdata');
  if (!existsSync(join(pgdata, 'PG_VERSION')))
    throw new MoveRefused(`In ${options.dataDir} liegt keine eingebettete Datenbank (${pgdata}).`);
  const target = new pg.Client({ connectionString: options.url });
  try {
    await target.connect();
  } catch (error) {
    throw new MoveRefused(
      `Die PostgreSQL-Datenbank ist nicht erreichbar: ${(error as Error).message}`,
    );
  }
  const onTarget: RunSql = async (text, params) =>
    (await target.query<Record<string, unknown>>(text, params)).rows;
  try {
    // Before the embedded database is opened, which takes a while: a refusal comes at once.
    await refuseFilledTarget(onTarget);
    let source;
    try {
      source = openDatabase({ dataDir: pgdata });
    } catch (error) {
      throw new MoveRefused((error as Error).message);
    }
    const embedded = source.embedded!;
    const onSource: RunSql = async (text, params) =>
      (await embedded.query<Record<string, unknown>>(text, params)).rows;
    try {
      const started = performance.now();
      // Both at the schema of this version: the source as `npm start` would migrate it.
      await source.migrate();
      const schema = openDatabase({ url: options.url });
      try {
        await schema.exclusive(() => schema.migrate());
      } finally {
        await schema.close();
      }
      log(`Schema angelegt (${seconds(started)}).`);

      await onSource(digestSettings(false));
      await onTarget(digestSettings(false));
      const relations = await relationsInKeyOrder(onSource);
      await onTarget('begin');
      try {
        // Again in the transaction: a server started on the target meanwhile may have filled it.
        await refuseFilledTarget(onTarget);
        await createPartitions(onTarget, await partitionsOf(onSource));
        const foreignKeys = await suspendForeignKeys(onTarget);
        let total = 0;
        for (const relation of relations) {
          const tableStarted = performance.now();
          const rows = await copyRelation(embedded, target, relation);
          total += rows;
          log(`  ${relation.name}: ${number(rows)} Zeilen (${seconds(tableStarted)})`);
        }
        await setSequences(onTarget, await sequenceStates(onSource));
        log(`Fremdschlüssel werden geprüft …`);
        await foreignKeys.restore();
        await onTarget('commit');
        log(`${number(total)} Zeilen in ${seconds(started)} kopiert.`);
      } catch (error) {
        await onTarget('rollback').catch(() => undefined);
        throw error;
      }

      log('Prüfsummen je Tabelle (eingebettet | PostgreSQL):');
      const result = compare(await tableDigests(onSource), await tableDigests(onTarget));
      for (const table of result.tables) {
        const verdict = sameDigest(table.source, table.target) ? 'gleich' : 'VERSCHIEDEN';
        log(`  ${table.name}: ${shown(table.source)} | ${shown(table.target)}  ${verdict}`);
      }
      return result;
    } finally {
      await source.close();
    }
  } finally {
    await target.end();
  }
}
