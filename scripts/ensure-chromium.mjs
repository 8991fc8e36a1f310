// Browser tests drive Debian's Chromium; no browser is downloaded from anywhere else.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);

if (process.getuid?.() !== 0) {
  console.error(
    `Chromium fehlt (${path}): bitte "sudo apt-get install -y chromium" ausführen und erneut starten.`,
  );
  process.exit(1);
}
console.log('Chromium fehlt: installiere das Debian-Paket chromium …');
execSync('apt-get update -qq && apt-get install -y -qq chromium', {
  stdio: 'inherit',
  env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
});
if (!existsSync(path)) {
  console.error(`Chromium ist nach der Installation nicht unter ${path} zu finden.`);
  process.exit(1);
}
