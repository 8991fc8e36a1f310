import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock';

describe('the lock of an embedded data directory', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kp-lock-'));
  const dataDir = join(dir, 'pgdata');
  const lockFile = `${dataDir}.lock`;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is refused while another running process holds it, naming that process', () => {
    // The parent (the test runner) runs as long as this test does.
    writeFileSync(lockFile, `${process.ppid}\n`);
    expect(() => lockDataDir(dataDir)).toThrow(`wird vom Prozess ${process.ppid} benutzt`);
    expect(readFileSync(lockFile, 'utf8')).toBe(`${process.ppid}\n`);
  });

  it('is taken over from a process that has ended, and given back on release', () => {
    const ended = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(lockFile, `${ended}\n`);
    const lock = lockDataDir(dataDir);
    expect(readFileSync(lockFile, 'utf8')).toBe(`${process.pid}\n`);
    lock.release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it('is taken over when it names this process (a restarted container often has the same id)', () => {
    writeFileSync(lockFile, `${process.pid}\n`);
    lockDataDir(dataDir).release();
    expect(existsSync(lockFile)).toBe(false);
  });
});
