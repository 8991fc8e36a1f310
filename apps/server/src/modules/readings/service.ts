import {
  duplicateReadingMessage,
  formatDate,
  formatMeterValue,
  formatNumber,
  meterChannelName,
  METER_NOT_FOUND_MESSAGE,
  missingChannelMessage,
  readingDateProblem,
  readingNumberProblem,
  ReadingSources,
  unknownChannelMessage,
  WRONG_METER_MESSAGE,
  type CreateReadingInput,
  type Meter,
  type Plausibility,
  type Reading,
  type ReadingPhotoQuery,
  READING_PHOTO_NOT_FOUND_MESSAGE,
  berlinDayOf,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
} from '@kundenportal/contract';
import type { AppConfig } from '../../config';
import type { Database, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import { HttpError } from '../../lib/http-error';
import { charge } from '../../lib/rate-limits';
import { composeMail, greetingOf } from '../../mail/compose';
import type { Mailer } from '../../mail/mailer';
import type { ContractRow } from '../../db/schema/index';
import { recordChange } from '../../db/change-feed';
import { writeAudit } from '../audit/repo';
import { findCustomer } from '../customer/repo';
import { findAnswer, fingerprintOf, storeAnswer, type StoredAnswer } from './idempotency';
import { checkPhoto, type StoredPhoto } from './photo';
import { checkPlausibility, type PastReading } from './plausibility';
import * as repo from './repo';

/** A refused reading: 400 with the German message, also as `hinweis` (spec §7.3). */
class ReadingRefusal extends HttpError {
  readonly hinweis: string;
  constructor(message: string, field?: string) {
    super(400, message, field ? { [field]: message } : undefined);
    this.hinweis = message;
  }
}

const PHOTO_QUOTA_MESSAGE = (megabytes: string, days: number) =>
  `Sie haben in den letzten ${days} Tagen bereits Fotos mit zusammen ${megabytes} MB gesendet. Bitte senden Sie diesen Zählerstand ohne Foto.`;

const toReading = (record: repo.ReadingRecord): Reading => ({
  ablesedatum: record.ablesedatum,
  zaehlernummer: record.zaehlernummer,
  ablesewerte: Object.fromEntries(record.werte.map((wert) => [wert.obiskennzahl, wert])),
  ablesegrund: record.ablesegrund,
  erfassungshinweis: record.erfassungshinweis,
  ermittlungsart:
    ReadingSources.find((source) => source === record.ermittlungsart) ?? 'NETZBETREIBER',
  ableseart: record.ableseart,
  foto: record.foto,
});

/** The meter, or a refusal when there is none or the reading names another one. */
function namedMeter(meter: repo.MeterRecord | undefined, zaehlernummer: string) {
  if (!meter) throw new ReadingRefusal(METER_NOT_FOUND_MESSAGE, 'zaehlernummer');
  if (meter.nummer !== zaehlernummer)
    throw new ReadingRefusal(WRONG_METER_MESSAGE, 'zaehlernummer');
  return meter;
}

/** The contract's current meter, or a refusal when the reading names another one. */
async function meterFor(db: Database, contract: ContractRow, zaehlernummer: string) {
  return namedMeter(await repo.findCurrentMeter(db, contract.id), zaehlernummer);
}

/** The contract's current meter and its readings, oldest first: what a proposed value is checked against. */
export interface MeterHistory {
  meter: repo.MeterRecord | undefined;
  readings: PastReading[];
}

/** Every rule of spec §7.3 on the payload, before anything is written. */
function checkReading(
  meter: repo.MeterRecord,
  contract: ContractRow,
  input: CreateReadingInput,
  today: string,
) {
  const codes = new Set(meter.kanaele.map((kanal) => kanal.obiskennzahl));
  for (const code of Object.keys(input.ablesewerte)) {
    if (!codes.has(code))
      throw new ReadingRefusal(unknownChannelMessage(code), `ablesewerte.${code}`);
  }
  for (const kanal of meter.kanaele) {
    const field = `ablesewerte.${kanal.obiskennzahl}`;
    const wert = input.ablesewerte[kanal.obiskennzahl];
    if (wert === undefined)
      throw new ReadingRefusal(missingChannelMessage(kanal.obiskennzahl), field);
    // The same rule as the form, on the number written as the customer would type it.
    const problem = readingNumberProblem(wert, kanal);
    if (problem) throw new ReadingRefusal(problem, field);
  }

  const { lieferbeginn, lieferende } = contract;
  const problem = readingDateProblem(input.ablesedatum, { today, lieferbeginn, lieferende });
  if (problem) throw new ReadingRefusal(problem, 'ablesedatum');
}

/** The photo as it will be stored, or a refusal; nothing is written yet. */
async function photoOf(foto: string | undefined): Promise<StoredPhoto | undefined> {
  if (foto === undefined) return undefined;
  const checked = await checkPhoto(Buffer.from(foto, 'base64'));
  if ('refusal' in checked) throw new ReadingRefusal(checked.refusal, 'foto');
  return checked.photo;
}

/** A reading's idempotency key and the fingerprint of what was sent with it. */
interface KeyedRequest {
  schluessel: string;
  anfrage: string;
}

/** The first answer again, unless the key came with another reading. */
function replay(earlier: StoredAnswer, anfrage: string) {
  if (earlier.anfrage !== anfrage) throw new HttpError(422, IDEMPOTENCY_KEY_REUSED_MESSAGE);
  return { status: earlier.status, reading: earlier.antwort as Reading };
}

export function createReadingService(db: Database, config: AppConfig, mailer: Mailer) {
  /** Counted with the reading that stores them: a rolled-back reading counts nowhere. */
  async function chargePhotoBytes(tx: Executor, customerId: number, bytes: number) {
    const limit = config.rateLimits.photoBytesPerCustomer;
    const key = `foto-bytes:kunde:${customerId}`;
    if (await charge(tx, [{ key, limit, amount: bytes }], config.now())) {
      const megabytes = formatNumber(limit.max / 1024 / 1024);
      throw new ReadingRefusal(
        PHOTO_QUOTA_MESSAGE(megabytes, Math.round(limit.windowSeconds / 86_400)),
        'foto',
      );
    }
  }

  /**
   * Stores a reading the customer hands over, with its values, photo, audit row, confirmation
   * mail and the answer under its idempotency key in one transaction; refusals come before
   * anything is written.
   */
  async function store(
    customerId: number,
    contract: ContractRow,
    input: CreateReadingInput,
    keyed?: KeyedRequest,
  ): Promise<Reading> {
    const meter = await meterFor(db, contract, input.zaehlernummer);
    checkReading(meter, contract, input, berlinDayOf(config.now()));
    const photo = await photoOf(input.foto);
    const duplicate = duplicateReadingMessage(meter.nummer, input.ablesedatum);
    if (await repo.hasReadingOn(db, meter.id, input.ablesedatum))
      throw new ReadingRefusal(duplicate, 'ablesedatum');

    const werte = meter.kanaele.map((kanal) => ({
      obiskennzahl: kanal.obiskennzahl,
      ablesewert: input.ablesewerte[kanal.obiskennzahl]!,
      nachkommastellen: kanal.nachkommastellen,
    }));
    let mailed = false;
    let created: Reading;
    try {
      created = await db.transaction(async (tx) => {
        if (photo) await chargePhotoBytes(tx, customerId, photo.bytes.length);
        const reading = await repo.insertCustomerReading(tx, {
          contractId: contract.id,
          meterId: meter.id,
          ablesedatum: input.ablesedatum,
          werte,
          ...(photo && { foto: photo }),
        });
        await writeAudit(tx, customerId, 'ABLESUNG_ERFASST', {
          vertragId: contract.id,
          zaehlernummer: meter.nummer,
          ablesedatum: input.ablesedatum,
          ablesewerte: input.ablesewerte,
          foto: photo ? { typ: photo.contentType, bytes: photo.bytes.length } : null,
        });
        await recordChange(
          tx,
          { customerId, contractId: contract.id, readingId: reading.id },
          {
            typ: 'ABLESUNG',
            daten: {
              ablesungId: reading.id,
              zaehlernummer: meter.nummer,
              ablesedatum: input.ablesedatum,
              ablesewerte: Object.fromEntries(
                werte.map((wert) => [wert.obiskennzahl, wert.ablesewert]),
              ),
              ermittlungsart: 'KUNDE',
              foto: photo ? { typ: photo.contentType, bytes: photo.bytes.length } : null,
            },
          },
        );
        const customer = await findCustomer(tx, customerId);
        if (customer?.email) {
          const several = werte.length > 1;
          const value = (wert: (typeof werte)[number]) => {
            const channel = meterChannelName(wert.obiskennzahl);
            const label = several
              ? `Zählerstand ${channel.name} (${wert.obiskennzahl})`
              : 'Zählerstand';
            const number = formatMeterValue(wert.ablesewert, wert.nachkommastellen);
            // A no-break space: the unit stays beside its number on a phone.
            return [label, `${number}\u00a0${channel.einheit}`] as [string, string];
          };
          await mailer.enqueue(
            tx,
            composeMail(config.mandant, {
              kind: 'ABLESUNG_BESTAETIGUNG',
              to: customer.email,
              subject: `Ihre Ablesung für den Zähler ${meter.nummer} vom ${formatDate(input.ablesedatum)}`,
              greeting: greetingOf(customer),
              paragraphs: [
                'vielen Dank für Ihre Ablesung. Wir haben sie erhalten und werden sie jetzt prüfen und verarbeiten.',
              ],
              facts: [
                ['Vertrag', String(contract.id)],
                ['Zähler', meter.nummer],
                ['Ablesedatum', formatDate(input.ablesedatum)],
                ...werte.map(value),
              ],
            }),
          );
          mailed = true;
        }
        const records = await repo.listReadings(tx, contract.id, {
          von: input.ablesedatum,
          bis: input.ablesedatum,
        });
        const answer = toReading(records.find((record) => record.zaehlernummer === meter.nummer)!);
        if (keyed)
          await storeAnswer(tx, customerId, keyed.schluessel, {
            anfrage: keyed.anfrage,
            status: 201,
            antwort: answer,
          });
        return answer;
      });
    } catch (error) {
      // Two submits of the same reading at once: the unique index lets only one through.
      if (isUniqueViolation(error)) throw new ReadingRefusal(duplicate, 'ablesedatum');
      throw error;
    }
    if (mailed) mailer.kick();
    return created;
  }

  return {
    async list(contractId: number, range: { von?: string; bis?: string }): Promise<Reading[]> {
      const records = await repo.listReadings(db, contractId, { ...range, newestFirst: true });
      return records.map(toReading);
    },

    /** The photo of a reading, as the customer may look at it again. */
    async photo(contractId: number, query: ReadingPhotoQuery) {
      const photo = await repo.findReadingPhoto(
        db,
        contractId,
        query.zaehlernummer,
        query.ablesedatum,
      );
      if (!photo) throw new HttpError(404, READING_PHOTO_NOT_FOUND_MESSAGE);
      const extension = photo.contentType === 'image/png' ? 'png' : 'jpg';
      const meter = query.zaehlernummer.replace(/[^A-Za-z0-9-]/g, '_');
      return { ...photo, filename: `Zaehlerfoto_${meter}_${query.ablesedatum}.${extension}` };
    },

    async meter(contract: ContractRow): Promise<Meter> {
      const meter = await repo.findCurrentMeter(db, contract.id);
      if (!meter) throw new HttpError(404, METER_NOT_FOUND_MESSAGE);
      const last = (await repo.listMeterReadings(db, meter.id)).at(-1);
      return {
        nummer: meter.nummer,
        kanaele: meter.kanaele,
        letzteAblesung: last
          ? { ablesedatum: last.ablesedatum, ablesewerte: Object.fromEntries(last.werte) }
          : null,
      };
    },

    async meterHistory(contract: ContractRow): Promise<MeterHistory> {
      const meter = await repo.findCurrentMeter(db, contract.id);
      return { meter, readings: meter ? await repo.listMeterReadings(db, meter.id) : [] };
    },

    /** Checks the values the customer typed against the meter's history (meterHistory). */
    plausibility(
      contract: ContractRow,
      input: { ablesedatum: string; zaehlernummer: string; ablesewerte: Record<string, number> },
      history: MeterHistory,
    ): Plausibility {
      const meter = namedMeter(history.meter, input.zaehlernummer);
      return checkPlausibility({
        ablesedatum: input.ablesedatum,
        kanaele: meter.kanaele,
        ablesewerte: input.ablesewerte,
        readings: history.readings,
        versorgungsart: contract.versorgungsart,
      });
    },

    /** A reading, or with a key the first answer to that key (spec §7.3; the web's offline outbox always sends a key). */
    async create(
      customerId: number,
      contract: ContractRow,
      input: CreateReadingInput,
      schluessel?: string,
    ): Promise<{ status: number; reading: Reading }> {
      if (schluessel === undefined)
        return { status: 201, reading: await store(customerId, contract, input) };
      const anfrage = fingerprintOf(contract.id, input);
      const earlier = await findAnswer(db, customerId, schluessel);
      if (earlier) return replay(earlier, anfrage);
      try {
        return {
          status: 201,
          reading: await store(customerId, contract, input, { schluessel, anfrage }),
        };
      } catch (error) {
        // The same key twice at once: the other request won the key and its answer is the one.
        const winner = await findAnswer(db, customerId, schluessel);
        if (winner) return replay(winner, anfrage);
        throw error;
      }
    },
  };
}

export type ReadingService = ReturnType<typeof createReadingService>;
