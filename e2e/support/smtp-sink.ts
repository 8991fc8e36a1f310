/**
 * A real SMTP server in its own process for the browser tests: every mail it receives is written
 * as an .eml file to MAIL_DIR. It prints its port once it listens.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

const mailDir = process.env.MAIL_DIR;
if (!mailDir) throw new Error('MAIL_DIR fehlt');
let received = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received += 1;
      writeFileSync(
        join(mailDir, `${String(received).padStart(4, '0')}.eml`),
        Buffer.concat(chunks),
      );
      callback();
    });
  },
});
server.listen(0, '127.0.0.1', () => {
  const address = server.server.address();
  if (typeof address === 'object' && address) console.log(`SMTP ${address.port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
