import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/**
 * PGlite opens its data directory for one process but does not lock it: a second process that
 * opens it (the server started twice, an import or the move beside a running server) writes into
 * the same files and breaks them. The owner leaves its process id in a file beside the
 * directory, as PostgreSQL's postmaster.pid does; a file whose process is gone is left over
 * from a crash and taken over.
 */
export interface DataDirLock {
  release(): void;
}

/** Another running process owns the directory; the message names it and what to do. */
export class DataDirInUse extends Error {}

const lockFileOf = (dataDir: string) => `${dataDir}.lock`;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ownerOf(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Claims the directory for this process, or throws if another running process owns it. */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = lockFileOf(dataDir);
  const owner = ownerOf(file);
  // The own id is no other owner: a restarted container's server often gets the id of the last.
  if (owner !== undefined && owner !== process.pid && isRunning(owner)) {
    throw new DataDirInUse(
      `Die eingebettete Datenbank in ${dataDir} wird vom Prozess ${owner} benutzt (läuft der Server noch?). ` +
        `Bitte den Server zuerst beenden. Läuft sicher kein Server darauf, die Datei ${file} löschen.`,
    );
  }
  writeFileSync(file, `${process.pid}\n`);
  const release = () => {
    process.removeListener('exit', release);
    if (ownerOf(file) === process.pid) rmSync(file, { force: true });
  };
  // An exit without close (process.exit after an error) leaves no file behind either.
  process.on('exit', release);
  return { release };
}
