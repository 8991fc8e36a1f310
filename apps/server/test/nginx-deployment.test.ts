/**
 * The deployment of docs/operations.md, run for real: Debian's nginx with the shipped
 * deploy/nginx/kundenportal.conf in front of the portal's process, TLS with a certificate made
 * here, TRUST_PROXY naming nginx. The configuration is used as shipped but for the lines it
 * marks "test replaces" (ports, the certificate's paths): a changed file is tested as it is.
 * `npm run test:server` installs nginx and openssl first (scripts/ensure-debian-packages.mjs).
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { connect as http2Connect } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  berlinDayOf,
  HistoryAnswerSchema,
  historyCsv,
  startOfBerlinDay,
} from '@kundenportal/contract';
import { DEMO_PASSWORD } from '../src/demo/model';
import { PHOTO_BODY_LIMIT_BYTES } from '../src/plugins/request-bodies';
import { makeWebDist, passwordHeader } from './harness';
import { freePort, killServerProcesses, startServerProcess } from './server-process';

const NGINX = '/usr/sbin/nginx';
const OPENSSL = '/usr/bin/openssl';
const SERVER_NAME = 'portal.example.de';
const HSTS = 'max-age=63072000; includeSubDomains';
const shipped = readFileSync(
  new URL('../../../deploy/nginx/kundenportal.conf', import.meta.url),
  'utf8',
);

interface Ports {
  https: number;
  http: number;
  portal: number;
}

/** nginx on a machine without IPv6 could not bind [::1]; there the IPv6 lines are left out. */
const hasIpv6Loopback = Object.values(networkInterfaces()).some((addresses) =>
  addresses?.some((address) => address.family === 'IPv6' && address.internal),
);

/** The shipped server blocks with this run's ports and certificate, every marked line replaced. */
function renderConfig(ports: Ports, certificate: string, key: string): string {
  const ipv6 = (line: string) => (hasIpv6Loopback ? line : '');
  const replacements: [string, string][] = [
    ['server 127.0.0.1:8080;', `server 127.0.0.1:${ports.portal};`],
    ['listen 80;', `listen 127.0.0.1:${ports.http};`],
    ['listen [::]:80;', ipv6(`listen [::1]:${ports.http};`)],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${ports.https} ssl http2;`],
    ['listen [::]:443 ssl http2;', ipv6(`listen [::1]:${ports.https} ssl http2;`)],
    ['/etc/ssl/kundenportal/fullchain.pem;', `${certificate};`],
    ['/etc/ssl/kundenportal/privkey.pem;', `${key};`],
  ];
  const marked = shipped.split('\n').filter((line) => line.endsWith('# test replaces the port'));
  const markedPaths = shipped
    .split('\n')
    .filter((line) => line.endsWith('# test replaces the path'));
  expect(marked.length + markedPaths.length, 'marked lines').toBe(replacements.length);
  let text = shipped;
  for (const [from, to] of replacements) {
    expect(text.split(from).length - 1, `"${from}" in the shipped configuration`).toBe(1);
    text = text.replace(from, to);
  }
  return text;
}

/** Debian's nginx.conf reduced to what a user without root can run: its paths under `dir`. */
const mainConfig = (dir: string) => `
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 128; }
http {
    access_log ${dir}/access.log;
    client_body_temp_path ${dir}/client_body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    include ${dir}/kundenportal.conf;
}
`;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

interface Call {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** The client's own address (the loopback has all of 127.0.0.0/8): whom nginx sees. */
  from?: string;
  /**
   * A body announced by its length, of which only the first kilobyte is sent: for a refusal
   * from the headers, which would otherwise race the server closing on the unsent rest.
   */
  announcedBytes?: number;
}

/**
 * One request on a connection of its own, resolved with the whole answer. An answer that comes
 * before the body is sent (a 413 from the headers) counts, whatever happens to the rest.
 */
function send(
  target: { port: number; tls?: { ca: string } },
  path: string,
  call: Call = {},
): Promise<Answer> {
  const { method = 'GET', headers = {}, body, from = '127.0.0.1', announcedBytes } = call;
  return new Promise((resolve, reject) => {
    let answered = false;
    const options = {
      host: '127.0.0.1',
      port: target.port,
      method,
      path,
      localAddress: from,
      agent: false,
      timeout: 60_000,
      headers: {
        host: SERVER_NAME,
        ...(body !== undefined && { 'content-length': String(Buffer.byteLength(body)) }),
        ...(announcedBytes !== undefined && { 'content-length': String(announcedBytes) }),
        ...headers,
      },
    };
    const onAnswer = (response: IncomingMessage) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        });
        if (announcedBytes !== undefined) request.destroy();
      });
      response.on('error', reject);
    };
    const request = target.tls
      ? httpsRequest({ ...options, ca: target.tls.ca, servername: SERVER_NAME }, onAnswer)
      : httpRequest(options, onAnswer);
    request.on('timeout', () => request.destroy(new Error(`${method} ${path}: no answer`)));
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    if (announcedBytes === undefined) request.end(body);
    else request.write('x'.repeat(1024));
  });
}

const json = (answer: Answer): unknown => JSON.parse(answer.body.toString('utf8'));

describe('the portal behind nginx with TLS (docs/operations.md)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kp-nginx-'));
  const dataDir = join(dir, 'data');
  // A web app of its own, built or not: its page carries the portal's document headers.
  const webDist = makeWebDist();
  let ports: Ports;
  let ca: string;
  let nginx: ChildProcess | undefined;
  let nginxOutput = '';
  let configTest = '';
  let direct: { port: number };
  let proxied: { port: number; tls: { ca: string } };

  /** 10001 logged in through nginx: the session's headers and the customer's contracts. */
  async function loginThroughNginx() {
    const login = await send(proxied, '/api/anschlussnutzer/login', {
      method: 'POST',
      headers: { kundennummer: '10001', passwort: passwordHeader(DEMO_PASSWORD) },
    });
    const session = { token: String(login.headers.token), kundennummer: '10001' };
    const customer = json(await send(proxied, '/api/anschlussnutzer', { headers: session })) as {
      vertraege: number[];
    };
    return { session, customer };
  }

  beforeAll(async () => {
    if (!existsSync(NGINX) || !existsSync(OPENSSL))
      throw new Error(
        `${NGINX} oder ${OPENSSL} fehlt: "npm run test:server" installiert sie als root, sonst "sudo apt-get install -y nginx openssl".`,
      );
    // nginx's workers run as nobody when the test is root: they enter the folder for their
    // temporary files. The key stays the owner's alone; the master reads it before they start.
    chmodSync(dir, 0o755);
    const certificate = join(dir, 'fullchain.pem');
    const key = join(dir, 'privkey.pem');
    execFileSync(
      OPENSSL,
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        `/CN=${SERVER_NAME}`,
        '-addext',
        `subjectAltName=DNS:${SERVER_NAME}`,
        '-keyout',
        key,
        '-out',
        certificate,
      ],
      { stdio: 'pipe' },
    );
    ca = readFileSync(certificate, 'utf8');

    const portal = await startServerProcess({
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      TRUST_PROXY: '127.0.0.1',
      PUBLIC_URL: `https://${SERVER_NAME}`,
    });
    direct = { port: Number(new URL(portal.url).port) };
    ports = { https: await freePort(), http: await freePort(), portal: direct.port };
    proxied = { port: ports.https, tls: { ca } };

    writeFileSync(join(dir, 'kundenportal.conf'), renderConfig(ports, certificate, key));
    writeFileSync(join(dir, 'nginx.conf'), mainConfig(dir));
    const args = ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')];
    // The configuration test first: its message says what is wrong with the shipped file.
    const tested = spawnSync(NGINX, [...args, '-t'], { encoding: 'utf8' });
    configTest = tested.stderr;
    expect(tested.status, configTest).toBe(0);
    nginx = spawn(NGINX, [...args, '-g', 'daemon off;'], {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    nginx.stdout?.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString('utf8')));
    nginx.stderr?.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString('utf8')));
    await vi.waitFor(
      async () => {
        expect(nginx?.exitCode, nginxOutput).toBeNull();
        expect((await send(proxied, '/api/ready')).status).toBe(200);
      },
      { timeout: 30_000, interval: 100 },
    );
  }, 120_000);

  afterAll(() => {
    if (nginx?.pid !== undefined && nginx.exitCode === null) process.kill(-nginx.pid, 'SIGKILL');
    killServerProcesses();
    rmSync(dir, { recursive: true, force: true });
    rmSync(webDist, { recursive: true, force: true });
  });

  it('accepts the shipped configuration without a warning', () => {
    expect(configTest).toContain('test is successful');
    expect(configTest).not.toMatch(/\[(warn|emerg|crit|alert)\]/);
  });

  it('logs in over TLS with HSTS on every answer, nginx’s own included, and HTTP/2 offered', async () => {
    const answer = await send(proxied, '/api/anschlussnutzer/login', {
      method: 'POST',
      headers: { kundennummer: '10001', passwort: passwordHeader(DEMO_PASSWORD) },
    });
    expect(answer.status, answer.body.toString()).toBe(200);
    expect(answer.headers.token).toMatch(/\S{20,}/);
    expect(answer.headers['strict-transport-security']).toBe(HSTS);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers.server).toBe('nginx');

    // A page, with the portal's own document headers: nginx's HSTS is the one, once.
    const page = await send(proxied, '/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['strict-transport-security']).toBe(HSTS);

    const unknown = await send(proxied, '/api/gibt-es-nicht');
    expect(unknown.status).toBe(404);
    expect(unknown.headers['strict-transport-security']).toBe(HSTS);

    const session = http2Connect(`https://127.0.0.1:${ports.https}`, {
      ca,
      servername: SERVER_NAME,
    });
    try {
      const h2 = await new Promise<{ status: unknown; hsts: unknown }>((resolve, reject) => {
        session.on('error', reject);
        const stream = session.request({ ':path': '/api/ready', ':authority': SERVER_NAME });
        stream.on('response', (headers) =>
          resolve({ status: headers[':status'], hsts: headers['strict-transport-security'] }),
        );
        stream.on('error', reject);
        stream.end();
      });
      expect(session.alpnProtocol).toBe('h2');
      expect(h2).toEqual({ status: 200, hsts: HSTS });
    } finally {
      session.close();
    }
  });

  it('redirects plain HTTP to its HTTPS name, never to a Host the client sent', async () => {
    const answer = await send({ port: ports.http }, '/vertrag/1/detail?x=1', {
      headers: { host: 'angreifer.example' },
    });
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(`https://${SERVER_NAME}/vertrag/1/detail?x=1`);
  });

  it('gives the throttle the client’s real address, whatever X-Forwarded-For it sends', async () => {
    const login = (from: string, password: string, forged: string) =>
      send(proxied, '/api/anschlussnutzer/login', {
        method: 'POST',
        from,
        headers: {
          kundennummer: '10002',
          passwort: passwordHeader(password),
          'x-forwarded-for': forged,
          'x-real-ip': forged,
        },
      });
    const FORGED = ['203.0.113.1', '203.0.113.2', '198.51.100.7, 203.0.113.3', '::1', '10.0.0.5'];
    // Five failures of one customer from one address are its limit; each names another address.
    for (const forged of FORGED)
      expect((await login('127.0.0.2', 'falsch-geraten', forged)).status, forged).toBe(401);
    // Counted as one client: even the right password is refused from there now.
    expect((await login('127.0.0.2', DEMO_PASSWORD, '203.0.113.99')).status).toBe(429);
    // And that client is 127.0.0.2, not nginx's 127.0.0.1: from 127.0.0.3 the customer gets in.
    expect((await login('127.0.0.3', DEMO_PASSWORD, '203.0.113.99')).status).toBe(200);

    // A client on nginx's own machine has the address the portal trusts (TRUST_PROXY): an
    // X-Forwarded-For that nginx appended to instead of replacing would be believed from it.
    for (const forged of FORGED)
      expect((await login('127.0.0.1', 'falsch-geraten', forged)).status, forged).toBe(401);
    expect((await login('127.0.0.1', DEMO_PASSWORD, '203.0.113.99')).status).toBe(429);
  });

  it('keeps the loopback-only metrics from clients: nginx always names the client', async () => {
    const here = await send(direct, '/metrics');
    expect(here.status).toBe(200);
    expect(here.body.toString('utf8')).toContain('# HELP');
    // Answered as a path that does not exist: the web app's page.
    const [metrics, nothing] = [await send(proxied, '/metrics'), await send(proxied, '/nichts')];
    expect([metrics.status, metrics.headers['content-type']]).toEqual([
      nothing.status,
      nothing.headers['content-type'],
    ]);
    expect(metrics.body.toString('utf8')).not.toContain('# HELP');
  });

  it('sends a year’s hourly history, the CSV’s data, whole and as the portal does', async () => {
    const { session, customer } = await loginThroughNginx();
    const today = berlinDayOf(new Date());
    const von = startOfBerlinDay(addDays(today, -365)).toISOString();
    const bis = startOfBerlinDay(addDays(today, 1)).toISOString();
    const path = `/api/vertrag/${customer.vertraege[0]}/historie?von=${von}&bis=${bis}&interval=hourly`;

    const csvOf = (text: string) => historyCsv(HistoryAnswerSchema.parse(JSON.parse(text)).data);
    for (const encoding of ['identity', 'gzip']) {
      const headers = { ...session, 'accept-encoding': encoding };
      const [viaNginx, fromPortal] = [
        await send(proxied, path, { headers }),
        await send(direct, path, { headers }),
      ];
      expect(viaNginx.status, encoding).toBe(200);
      expect(viaNginx.headers['content-encoding'], encoding).toBe(
        fromPortal.headers['content-encoding'],
      );
      const text = (answer: Answer) =>
        (answer.headers['content-encoding'] === 'gzip'
          ? gunzipSync(answer.body)
          : answer.body
        ).toString('utf8');
      expect(text(viaNginx), encoding).toBe(text(fromPortal));
      const csv = csvOf(text(viaNginx));
      // A year of hours and a day: 366 days less an hour or two where the clocks changed.
      expect(csv.split('\r\n').length, encoding).toBeGreaterThan(365 * 24);
      expect(csv).toBe(csvOf(text(fromPortal)));
    }
  });

  it('takes a body up to the portal’s largest limit and refuses one byte more, as the portal does', async () => {
    const { session, customer } = await loginThroughNginx();
    const path = `/api/vertrag/${customer.vertraege[0]}/ablesungen`;
    // JSON of exactly `size` bytes that no reading's rules accept: the portal reads it whole.
    const bodyOf = (size: number) => {
      const start = '{"unbekannt":"';
      return `${start}${'x'.repeat(size - start.length - 2)}"}`;
    };
    const post = (target: typeof direct | typeof proxied, size: number) =>
      send(target, path, {
        method: 'POST',
        headers: { ...session, 'content-type': 'application/json' },
        body: bodyOf(size),
      });

    const atLimit = [
      await post(proxied, PHOTO_BODY_LIMIT_BYTES),
      await post(direct, PHOTO_BODY_LIMIT_BYTES),
    ];
    expect(atLimit.map((answer) => answer.status)).toEqual([400, 400]);
    expect(json(atLimit[0]!)).toEqual(json(atLimit[1]!));

    const announce = (target: typeof direct | typeof proxied) =>
      send(target, path, {
        method: 'POST',
        headers: { ...session, 'content-type': 'application/json' },
        announcedBytes: PHOTO_BODY_LIMIT_BYTES + 1,
      });
    const over = [await announce(proxied), await announce(direct)];
    expect(over.map((answer) => answer.status)).toEqual([413, 413]);
    // nginx refused this one itself, before a byte went on.
    expect(over[0]!.headers.server).toBe('nginx');
    expect(over[0]!.headers['strict-transport-security']).toBe(HSTS);
  });
});
