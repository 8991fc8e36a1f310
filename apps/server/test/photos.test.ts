import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import {
  PHOTO_INCOMPLETE_MESSAGE,
  PHOTO_TOO_MANY_PIXELS_MESSAGE,
  PHOTO_TYPE_MESSAGE,
} from '@kundenportal/contract';
import { auditLog, readingPhotos, readings } from '../src/db/schema/index';
import { expectGermanError } from './german-messages';
import { DEFAULT_RATE_LIMITS } from '../src/config';
import { PARSE_IN_WORKER_FROM_BYTES } from '../src/plugins/request-bodies';
import { backends, sessionHeaders, startTestServer, type TestServer } from './harness';
import {
  GPS_IFD_TAG,
  makeJpeg,
  makePhonePhoto,
  makePng,
  makePngClaiming,
  makePngWithGps,
} from './images';

type Headers = Awaited<ReturnType<typeof sessionHeaders>>;

const DYNAMIC = 5000001;
const DYNAMIC_METER = '1ESY1160512345';
const ONE = '1-1:1.8.0';

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const HTML = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><rect width="9" height="9"/></svg>',
);

describe.each(backends)('reading photos on %s', (backend) => {
  let server: TestServer;
  let max: Headers;
  let day = 0;

  /** A reading of its own day each, so that no two collide. */
  const postPhoto = (foto: Buffer) => {
    day += 1;
    const ablesedatum = `2026-01-${String(day).padStart(2, '0')}`;
    const response = server.app.inject({
      method: 'POST',
      url: `/api/vertrag/${DYNAMIC}/ablesungen`,
      headers: max,
      payload: {
        ablesedatum,
        zaehlernummer: DYNAMIC_METER,
        ablesewerte: { [ONE]: 16200 + day },
        foto: foto.toString('base64'),
      },
    });
    return { ablesedatum, response };
  };

  const readingsOn = async (ablesedatum: string) =>
    (
      await server.db
        .select({ n: count() })
        .from(readings)
        .where(and(eq(readings.contractId, DYNAMIC), eq(readings.ablesedatum, ablesedatum)))
    )[0]!.n;

  const storedPhoto = async (ablesedatum: string) => {
    const [row] = await server.db
      .select({ contentType: readingPhotos.contentType, bytes: readingPhotos.bytes })
      .from(readingPhotos)
      .innerJoin(readings, eq(readings.id, readingPhotos.readingId))
      .where(and(eq(readings.contractId, DYNAMIC), eq(readings.ablesedatum, ablesedatum)));
    return row!;
  };

  const expectRefused = async (foto: Buffer, message: string) => {
    const photos = (await server.db.select({ n: count() }).from(readingPhotos))[0]!.n;
    const { ablesedatum, response } = postPhoto(foto);
    const answer = await response;
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ message, hinweis: message, felder: { foto: message } });
    expectGermanError(answer.json());
    expect(await readingsOn(ablesedatum)).toBe(0);
    expect((await server.db.select({ n: count() }).from(readingPhotos))[0]!.n).toBe(photos);
  };

  beforeAll(async () => {
    server = await startTestServer(backend);
    max = await sessionHeaders(server.app, '10001');
  });
  afterAll(() => server.close());

  it('refuses HTML behind a JPEG signature and SVG behind a PNG signature', async () => {
    await expectRefused(Buffer.concat([JPEG_MAGIC, HTML]), PHOTO_INCOMPLETE_MESSAGE);
    await expectRefused(Buffer.concat([PNG_SIGNATURE, SVG]), PHOTO_INCOMPLETE_MESSAGE);
  });

  it('refuses an SVG by its bytes', async () => {
    await expectRefused(SVG, PHOTO_TYPE_MESSAGE);
  });

  it('refuses a JPEG and a PNG cut in half', async () => {
    const jpeg = await makeJpeg(200, 150);
    await expectRefused(jpeg.subarray(0, Math.floor(jpeg.length / 2)), PHOTO_INCOMPLETE_MESSAGE);
    const png = await makePng(200, 150);
    await expectRefused(png.subarray(0, Math.floor(png.length / 2)), PHOTO_INCOMPLETE_MESSAGE);
  });

  it('refuses a PNG claiming more pixels than any camera takes, without decoding it', async () => {
    await expectRefused(await makePngClaiming(100_000, 100_000), PHOTO_TOO_MANY_PIXELS_MESSAGE);
  });

  it('stores a phone photo upright and without its EXIF, its GPS position included', async () => {
    const original = await makePhonePhoto();
    const exif = (await sharp(original).metadata()).exif;
    expect(exif?.includes(GPS_IFD_TAG)).toBe(true);

    const { ablesedatum, response } = postPhoto(original);
    expect((await response).statusCode).toBe(201);
    const stored = await storedPhoto(ablesedatum);
    expect(stored.contentType).toBe('image/jpeg');
    const metadata = await sharp(stored.bytes).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 48, height: 64 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();

    const audits = await server.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.action, 'ABLESUNG_ERFASST'));
    const audit = audits.find((row) => row.details.ablesedatum === ablesedatum);
    // The size of what is stored, not of what was sent.
    expect(audit?.details.foto).toEqual({ typ: 'image/jpeg', bytes: stored.bytes.length });
  });

  it('stores the image of a complete JPEG with HTML after its end, without the HTML', async () => {
    const { ablesedatum, response } = postPhoto(Buffer.concat([await makeJpeg(), HTML]));
    expect((await response).statusCode).toBe(201);
    const stored = await storedPhoto(ablesedatum);
    expect(stored.bytes.includes('<html')).toBe(false);
    expect((await sharp(stored.bytes).metadata()).format).toBe('jpeg');
  });

  it('stores a photo of more than a megabyte, its body parsed off the event loop', async () => {
    const original = await makePng(600, 600);
    expect(original.toString('base64').length).toBeGreaterThan(PARSE_IN_WORKER_FROM_BYTES);
    const { ablesedatum, response } = postPhoto(original);
    expect((await response).statusCode).toBe(201);
    const stored = await storedPhoto(ablesedatum);
    expect(await sharp(stored.bytes).metadata()).toMatchObject({ width: 600, height: 600 });
  });

  it('refuses a body of more than a megabyte that is no JSON, or has a prototype key, writing nothing', async () => {
    const allReadings = async () => (await server.db.select({ n: count() }).from(readings))[0]!.n;
    const before = await allReadings();
    const reading = JSON.stringify({
      ablesedatum: '2026-03-01',
      zaehlernummer: DYNAMIC_METER,
      ablesewerte: { [ONE]: 16_900 },
      foto: 'A'.repeat(PARSE_IN_WORKER_FROM_BYTES),
    });
    for (const payload of [
      reading.slice(0, -2),
      reading.replace('{', '{"__proto__":{"ablesedatum":"2026-03-02"},'),
    ]) {
      const answer = await server.app.inject({
        method: 'POST',
        url: `/api/vertrag/${DYNAMIC}/ablesungen`,
        headers: { ...max, 'content-type': 'application/json' },
        payload,
      });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toEqual({
        message: 'Die gesendeten Daten konnten nicht gelesen werden.',
      });
    }
    expect(await allReadings()).toBe(before);
  });

  it('stores a PNG as PNG, without its EXIF', async () => {
    const original = await makePngWithGps();
    expect((await sharp(original).metadata()).exif?.includes(GPS_IFD_TAG)).toBe(true);

    const { ablesedatum, response } = postPhoto(original);
    expect((await response).statusCode).toBe(201);
    const stored = await storedPhoto(ablesedatum);
    expect(stored.contentType).toBe('image/png');
    const metadata = await sharp(stored.bytes).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: 12, height: 8 });
    expect(metadata.exif).toBeUndefined();
  });
});

describe.each(backends)('the photo bytes one customer may store, on %s', (backend) => {
  const LIMIT = 20_000;
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, {
      rateLimits: {
        ...DEFAULT_RATE_LIMITS,
        photoBytesPerCustomer: { windowSeconds: 30 * 86_400, max: LIMIT },
      },
    });
  });
  afterAll(() => server.close());

  it('refuses the photo that would pass the bound, keeps nothing of it, and takes the reading without it', async () => {
    const max = await sessionHeaders(server.app, '10001');
    const send = (day: number, foto?: Buffer) =>
      server.app.inject({
        method: 'POST',
        url: `/api/vertrag/${DYNAMIC}/ablesungen`,
        headers: max,
        payload: {
          ablesedatum: `2026-02-${String(day).padStart(2, '0')}`,
          zaehlernummer: DYNAMIC_METER,
          ablesewerte: { [ONE]: 16300 + day },
          ...(foto && { foto: foto.toString('base64') }),
        },
      });
    const storedBytes = async () =>
      (await server.db.select({ bytes: readingPhotos.bytes }).from(readingPhotos)).reduce(
        (sum, row) => sum + row.bytes.length,
        0,
      );
    let day = 1;
    let refused;
    for (; day <= 20 && !refused; day++) {
      const answer = await send(day, await makeJpeg(64, 48));
      if (answer.statusCode !== 201) refused = answer;
    }
    day -= 1;
    expect(day).toBeGreaterThan(2);
    const message =
      'Sie haben in den letzten 30 Tagen bereits Fotos mit zusammen 0,02 MB gesendet. Bitte senden Sie diesen Zählerstand ohne Foto.';
    expect(refused?.statusCode).toBe(400);
    expect(refused?.json()).toMatchObject({ message, felder: { foto: message } });
    expect(await storedBytes()).toBeLessThanOrEqual(LIMIT);
    const refusedDay = await server.db
      .select({ n: count() })
      .from(readings)
      .where(eq(readings.ablesedatum, `2026-02-${String(day).padStart(2, '0')}`));
    expect(refusedDay[0]?.n).toBe(0);
    expect((await send(day)).statusCode).toBe(201);

    server.clock.advanceSeconds(30 * 86_400 + 1);
    const later = await sessionHeaders(server.app, '10001');
    const again = await server.app.inject({
      method: 'POST',
      url: `/api/vertrag/${DYNAMIC}/ablesungen`,
      headers: later,
      payload: {
        ablesedatum: '2026-02-25',
        zaehlernummer: DYNAMIC_METER,
        ablesewerte: { [ONE]: 16400 },
        foto: (await makeJpeg(64, 48)).toString('base64'),
      },
    });
    expect(again.statusCode).toBe(201);
  });
});
