// node scripts/run-together.mjs <npm script> …: runs the npm scripts at once and fails when one
// fails. The linter and the type checker each keep one core busy for minutes; side by side on
// CI's two cores they take as long as the slower of them, not as both. Each one's output is
// printed whole when it ends, so that the two do not interleave line by line.
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(script) {
  const started = Date.now();
  const child = spawn(npm, ['run', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(`\n> npm run ${script} (${seconds} s)\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0 && !signal);
    });
  });
}

const passed = await Promise.all(process.argv.slice(2).map(run));
const failed = process.argv.slice(2).filter((_, i) => !passed[i]);
if (failed.length > 0) console.error(`\nFehlgeschlagen: npm run ${failed.join(', npm run ')}`);
process.exit(failed.length > 0 ? 1 : 0);
