import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { relative, resolve } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Mandant } from '@kundenportal/contract';
import { LOGO_SLOT } from './compose';

/** The variant's logo as a mail carries it: a PNG part that the HTML names by its Content-ID. */
export interface MailLogo {
  png: Buffer;
  contentId: string;
  /** The size the mail shows it at, in CSS pixels; the PNG has twice as many for sharp screens. */
  width: number;
  height: number;
  alt: string;
}

export interface MailLogoSource {
  /** The rendered logo, or none (no logo configured, or it could not be rendered). */
  get(): Promise<MailLogo | undefined>;
}

const SCALE = 2;

/**
 * The logos' texts ask for Arial. Arimo has Arial's metrics and is loaded from its package
 * instead of the system's fonts: the same picture on every machine, also one without fonts,
 * and no scan of the system's font folders.
 */
const fontFiles = () => {
  const require = createRequire(import.meta.url);
  return [
    require.resolve('@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf'),
    require.resolve('@expo-google-fonts/arimo/700Bold/Arimo_700Bold.ttf'),
  ];
};

async function render(svgFile: string, alt: string, contentId: string): Promise<MailLogo> {
  const svg = await readFile(svgFile);
  // Loaded with the first mail: a process that sends none never maps the renderer.
  const { renderAsync } = await import('@resvg/resvg-js');
  // In libuv's thread pool, not on the event loop. resvg fetches nothing: no remote images.
  const image = await renderAsync(svg, {
    fitTo: { mode: 'zoom', value: SCALE },
    font: {
      loadSystemFonts: false,
      fontFiles: fontFiles(),
      defaultFontFamily: 'Arimo',
      sansSerifFamily: 'Arimo',
    },
    logLevel: 'off',
  });
  if (image.width === 0 || image.height === 0) throw new Error('Das Logo hat keine Fläche.');
  return {
    png: image.asPng(),
    contentId,
    width: Math.round(image.width / SCALE),
    height: Math.round(image.height / SCALE),
    alt,
  };
}

/**
 * The variant's SVG logo (its `logoUrl`, a path under the web's public folder) as a PNG for
 * mails, which mail programs show while they show no SVG. Rendered once per process, with the
 * first mail; a logo that cannot be rendered is logged once, and the mails go out without it.
 */
export function createMailLogo(options: {
  mandant: Mandant;
  /** The folder the variant's `logoUrl` points into (the web's public folder). */
  publicDir: string;
  log: FastifyBaseLogger;
}): MailLogoSource {
  const { mandant, publicDir, log } = options;
  let rendered: Promise<MailLogo | undefined> | undefined;

  function start(): Promise<MailLogo | undefined> {
    const url = mandant.logoUrl;
    if (url === null) return Promise.resolve(undefined);
    const file = resolve(publicDir, `.${url}`);
    if (
      !url.startsWith('/') ||
      !url.endsWith('.svg') ||
      relative(publicDir, file).startsWith('..')
    ) {
      log.warn({ logoUrl: url }, 'mail logo: not an SVG file of the web app, mails go without it');
      return Promise.resolve(undefined);
    }
    const domain = mandant.absenderEmail.split('@')[1];
    return render(file, mandant.name, `logo@${domain}`).catch((error: unknown) => {
      log.warn(
        { logoUrl: url, err: error instanceof Error ? error.message : String(error) },
        'mail logo could not be rendered, mails go without it',
      );
      return undefined;
    });
  }

  return { get: () => (rendered ??= start()) };
}

const escapeAttribute = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * Puts the logo where the composed mail kept its place (compose.ts), in place of the
 * variant's name written there. Without a logo, or in a mail without the place, nothing changes.
 */
export function withLogo(
  html: string,
  logo: MailLogo | undefined,
): { html: string; used: boolean } {
  const start = html.indexOf(LOGO_SLOT.start);
  const end = html.indexOf(LOGO_SLOT.end, start);
  if (!logo || start < 0 || end < 0) return { html, used: false };
  const image = `<img src="cid:${logo.contentId}" alt="${escapeAttribute(logo.alt)}" width="${logo.width}" height="${logo.height}" style="display:block;border:0;width:${logo.width}px;height:${logo.height}px">`;
  return {
    html: html.slice(0, start) + image + html.slice(end + LOGO_SLOT.end.length),
    used: true,
  };
}
