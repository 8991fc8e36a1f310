/**
 * The shipped systemd unit (deploy/systemd/kundenportal.service, docs/operations.md) as systemd
 * reads it: `systemd-analyze verify` finds an unknown or misspelt key, a bad value or a missing
 * program, and says so as a warning with a status of 0, so any word of it fails the test.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ANALYZE = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((path) =>
  existsSync(path),
);
const unit = readFileSync(
  new URL('../../../deploy/systemd/kundenportal.service', import.meta.url),
  'utf8',
);
const SHIPPED_NODE = '/usr/local/bin/node';

describe('the systemd unit', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kp-unit-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.skipIf(ANALYZE === undefined)(
    `passes systemd-analyze verify${ANALYZE ? '' : ' (skipped: systemd-analyze is not installed, Debian package systemd)'}`,
    () => {
      // Verify checks that the program exists: this machine's node stands in for the shipped one.
      expect(unit.split(SHIPPED_NODE).length - 1).toBe(1);
      const file = join(dir, 'kundenportal.service');
      writeFileSync(file, unit.replace(SHIPPED_NODE, process.execPath));
      const verified = spawnSync(ANALYZE!, ['verify', file], { encoding: 'utf8' });
      expect(verified.stderr + verified.stdout).toBe('');
      expect(verified.status).toBe(0);
    },
  );

  it('runs as its own user, writes only its data directory, and believes only nginx', () => {
    const settings = unit
      .split('\n')
      .filter((line) => /^[A-Z]\w*=/.test(line))
      .map((line) => line.trim());
    expect(settings).toEqual(
      expect.arrayContaining([
        'User=kundenportal',
        'ProtectSystem=strict',
        'ReadWritePaths=/var/lib/kundenportal',
        'StateDirectory=kundenportal',
        'NoNewPrivileges=yes',
        'PrivateTmp=yes',
        'ProtectHome=yes',
        'Environment=NODE_ENV=production',
        'Environment=HOST=127.0.0.1',
        'Environment=PORT=8080',
        'Environment=DATA_DIR=/var/lib/kundenportal',
        'Environment=TRUST_PROXY=127.0.0.1',
        'Environment=MANDANT=standard',
      ]),
    );
    // The nginx configuration's upstream is this port.
    const nginx = readFileSync(
      new URL('../../../deploy/nginx/kundenportal.conf', import.meta.url),
      'utf8',
    );
    expect(nginx).toContain('server 127.0.0.1:8080;');
  });
});
