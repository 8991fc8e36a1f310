import Fastify from 'fastify';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { loadMandant } from '../config';
import { createAppPage } from './app-page';

const mandant = {
  ...loadMandant('kuestenwerk'),
  passwortResetUrl: 'https://kw.example/passwort/erneuern',
  sitzungHoechstdauerStunden: 12,
};

/** A built app with the web build's prerenderer beside it, as `renderer` says it answers. */
function builtApp(renderer: string) {
  const root = mkdtempSync(join(tmpdir(), 'kp-page-'));
  mkdirSync(join(root, 'dist'));
  mkdirSync(join(root, 'dist-prerender'));
  writeFileSync(
    join(root, 'dist', 'index.html'),
    '<!doctype html><html lang="de"><head><title>Kundenportal</title></head>' +
      '<body><div id="app"></div></body></html>',
  );
  writeFileSync(join(root, 'dist-prerender', 'prerender.js'), renderer);
  return join(root, 'dist');
}

async function pages(webDist: string) {
  const log = { warn: vi.fn() };
  const app = Fastify();
  const send = await createAppPage(webDist, mandant, log as never);
  app.get('/*', send);
  const text = async (url: string) => (await app.inject({ url })).body;
  return { text, log };
}

describe('the app page', () => {
  it('carries the login screen prerendered at /anmelden only, and the colours on every page', async () => {
    const { text } = await pages(
      builtApp(`export async function prerenderLoginPage(variant) {
        return { head: '<link rel="preload" as="image" href="/logo.svg"/>',
                 body: '<h1>Anmelden bei ' + variant.name + '</h1>' };
      }`),
    );
    const login = await text('/anmelden');
    expect(login).toContain(`<div id="app"><h1>Anmelden bei ${mandant.name}</h1></div>`);
    expect(login).toMatch(/<link rel="preload" as="image" href="\/logo.svg"\/><\/head>/);
    expect(login).toContain(
      `<html lang="de" style="--brand:${mandant.farben.primaer};--brand-dark:${mandant.farben.primaerDunkel}">`,
    );
    expect(await text('/anmelden?grund=abgelaufen')).toBe(login);
    for (const other of ['/', '/vertraege', '/anmelden/weiter']) {
      const page = await text(other);
      expect(page).toContain('<div id="app"></div>');
      expect(page).not.toContain('preload');
      expect(page).toContain(`--brand:${mandant.farben.primaer}`);
    }
  });

  it('is sent without the login screen when the renderer fails, and says so in the log', async () => {
    const { text, log } = await pages(
      builtApp(`export async function prerenderLoginPage() { throw new Error('kaputt'); }`),
    );
    expect(await text('/anmelden')).toContain('<div id="app"></div>');
    expect(log.warn).toHaveBeenCalledOnce();
  });

  it('names the files of the screen at its address, and no other screen’s', async () => {
    const webDist = builtApp('export async function prerenderLoginPage() { throw new Error(); }');
    writeFileSync(
      join(webDist, 'route-preloads.json'),
      JSON.stringify({
        '/vertrag/$id/detail': ['/assets/detail-1.js', '/assets/values-2.css'],
        '/vertraege': ['/assets/list-3.js'],
        '/': ['/assets/start-4.js'],
      }),
    );
    const { text } = await pages(webDist);
    const detail = await text('/vertrag/5000001/detail?von=x');
    expect(detail).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/detail-1.js">' +
        '<link rel="stylesheet" crossorigin href="/assets/values-2.css"></head>',
    );
    expect(detail).not.toContain('list-3');
    expect(await text('/vertraege')).toContain('href="/assets/list-3.js"');
    expect(await text('/')).toContain('href="/assets/start-4.js"');
    // An address of no screen, or one a segment longer, gets the page without links.
    for (const other of ['/vertrag/5000001/detail/x', '/vertrag//detail', '/unbekannt']) {
      expect(await text(other)).not.toContain('<link rel="modulepreload"');
    }
  });
});
