// node scripts/ensure-debian-packages.mjs <package> …: the Debian packages the tests drive,
// each found by the file it installs: Chromium for the browser tests, nginx and openssl for the
// deployment test (apps/server/test/nginx-deployment.test.ts). Nothing is downloaded from
// anywhere but Debian. Run as root, it installs what is missing; else it stops with the command.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PROGRAMS = {
  chromium: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  nginx: '/usr/sbin/nginx',
  openssl: '/usr/bin/openssl',
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in PROGRAMS));
if (asked.length === 0 || unknown.length > 0) {
  console.error(
    `Aufruf: node scripts/ensure-debian-packages.mjs <${Object.keys(PROGRAMS).join('|')}> …` +
      (unknown.length > 0 ? ` (unbekannt: ${unknown.join(', ')})` : ''),
  );
  process.exit(2);
}
const missing = asked.filter((name) => !existsSync(PROGRAMS[name]));
if (missing.length === 0) process.exit(0);

const packages = missing.join(' ');
const where = missing.map((name) => PROGRAMS[name]).join(', ');
if (process.getuid?.() !== 0) {
  console.error(
    `Es fehlt ${where}: bitte "sudo apt-get install -y ${packages}" ausführen und erneut starten.`,
  );
  process.exit(1);
}
console.log(`Es fehlt ${where}: installiere die Debian-Pakete ${packages} …`);
execSync(`apt-get update -qq && apt-get install -y -qq ${packages}`, {
  stdio: 'inherit',
  env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
});
const stillMissing = missing.filter((name) => !existsSync(PROGRAMS[name]));
if (stillMissing.length > 0) {
  console.error(
    `Nach der Installation fehlt noch: ${stillMissing.map((name) => PROGRAMS[name]).join(', ')}.`,
  );
  process.exit(1);
}
