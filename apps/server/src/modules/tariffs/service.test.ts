import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_TARIFF_MESSAGE } from '@kundenportal/contract';
import {
  configAt,
  contractSpec,
  dynamicTariff,
  emptyDatabase,
  fixedTariff,
  hourPrices,
  meteredHours,
  pricedHours,
  newContracts,
  newCustomer,
  type DemoContract,
} from '../../../test/rows';
import { eq } from 'drizzle-orm';
import { tariffs, type ContractRow } from '../../db/schema/index';
import { createTariffService } from './service';

/** Mid-June 2025: the previous German month is May. */
const NOW = new Date('2025-06-15T10:00:00Z');

/** A dynamic tariff from 2025, after a fixed one; its markup and grundpreis are net. */
const dynamicSince2025 = (kundenArt: DemoContract['kundenArt']): DemoContract =>
  contractSpec({
    kundenArt,
    tarife: [
      fixedTariff({ grundpreis: 120, arbeitspreis: 0.3, gueltigBis: '2024-12-31' }),
      dynamicTariff({ grundpreis: 154.2, aufschlag: 0.2, gueltigVon: '2025-01-01' }),
    ],
  });

describe('the tariffs of a contract (spec §6)', () => {
  let handle: Awaited<ReturnType<typeof emptyDatabase>>;
  let household: ContractRow;
  let business: ContractRow;
  const service = () => createTariffService(handle.db, configAt(NOW));
  const contract = async (spec: DemoContract) => {
    const { customerId } = await newCustomer(handle.db);
    return (await newContracts(handle.db, customerId, [spec], NOW))[0]!;
  };

  beforeAll(async () => {
    handle = await emptyDatabase();
    household = await contract(dynamicSince2025('Haushaltskunde'));
    business = await contract(dynamicSince2025('Sondervertragskunde'));
    // May: 1 kWh at 0.10 and 3 kWh at 0.20 €/kWh; June: 2 kWh at 0.30; before the tariff and
    // from now on: hours that must not count
    const hours: [Date, number | null, number][] = [
      [new Date('2024-12-31T10:00:00Z'), 100, 1],
      [new Date('2025-04-30T21:00:00Z'), 100, 1], // 30 April, 23:00 in Berlin
      [new Date('2025-05-10T10:00:00Z'), 1, 0.1],
      [new Date('2025-05-10T11:00:00Z'), 3, 0.2],
      [new Date('2025-06-01T10:00:00Z'), 2, 0.3],
      [new Date('2025-06-15T10:00:00Z'), 100, 5],
    ];
    await pricedHours(handle.db, [household, business], hours);
  });
  afterAll(() => handle.close());

  it('shows a household the dynamic tariff’s grundpreis and averages gross (19 % VAT)', async () => {
    expect(await service().current(household)).toEqual({
      name: 'Teststrom Dynamisch',
      tariftyp: 'DYNAMISCHER_PREIS',
      arbeitspreis: null,
      grundpreis: 183.5, // 154.20 × 1.19 = 183.498
      arbeitspreisNT: null,
      anteilNt: null,
      preisgarantietyp: null,
      istDynamisch: true,
      // May, weighted by consumption: (0.1 × 1 + 0.2 × 3) / 4 = 0.175; + 0.2 markup; × 1.19
      durchschnittlicherArbeitspreisVormonat: 0.44625,
      // since the tariff began (30 April's late hour too): (100 + 0.1 + 0.6 + 0.6) / 106 + 0.2,
      // × 1.19
      durchschnittlicherArbeitspreisGesamt: 1.375236,
      gueltigVon: '2025-01-01',
      gueltigBis: null,
    });
  });

  it('shows a business customer the same tariff net', async () => {
    expect(await service().current(business)).toMatchObject({
      grundpreis: 154.2,
      durchschnittlicherArbeitspreisVormonat: 0.375,
      durchschnittlicherArbeitspreisGesamt: 1.15566,
    });
  });

  it('lists the tariff history, fixed prices as stored and dynamic ones in the shown basis', async () => {
    const history = await service().history(household);
    expect(history.historie).toEqual([
      {
        name: 'Teststrom Fix',
        tariftyp: 'ALLES_INKLUSIVE_BRUTTO',
        arbeitspreis: 0.3,
        grundpreis: 120,
        arbeitspreisNT: null,
        anteilNt: null,
        preisgarantietyp: null,
        istDynamisch: false,
        durchschnittlicherArbeitspreisVormonat: null,
        durchschnittlicherArbeitspreisGesamt: null,
        gueltigVon: '2020-01-01',
        gueltigBis: '2024-12-31',
      },
      expect.objectContaining({ name: 'Teststrom Dynamisch', grundpreis: 183.5 }),
    ]);
    expect((await service().history(business)).historie[1]!.grundpreis).toBe(154.2);
  });

  it('answers a fixed tariff as stored, with its night price', async () => {
    const night = await contract(
      contractSpec({
        tarife: [
          fixedTariff({
            tariftyp: 'REINER_ENERGIEPREIS',
            arbeitspreis: 0.31,
            arbeitspreisNt: 0.22,
            anteilNt: 0.4,
            grundpreis: 99.99,
            preisgarantietyp: 'Vollständige Preisgarantie',
          }),
        ],
      }),
    );
    // A type older systems wrote and the import refuses (ZWEI_TARIF) is answered as the pure energy price.
    await handle.db
      .update(tariffs)
      .set({ tariftyp: 'ZWEI_TARIF' })
      .where(eq(tariffs.contractId, night.id));
    expect(await service().current(night)).toMatchObject({
      tariftyp: 'REINER_ENERGIEPREIS',
      arbeitspreis: 0.31,
      arbeitspreisNT: 0.22,
      anteilNt: 0.4,
      grundpreis: 99.99,
      preisgarantietyp: 'Vollständige Preisgarantie',
      istDynamisch: false,
      durchschnittlicherArbeitspreisVormonat: null,
    });
  });

  it('averages a dynamic tariff without a start of its own from the delivery start', async () => {
    const undated = await contract(
      contractSpec({
        lieferbeginn: '2025-05-10',
        tarife: [dynamicTariff({ aufschlag: 0, gueltigVon: null })],
      }),
    );
    await meteredHours(handle.db, undated.id, [
      [new Date('2025-05-09T10:00:00Z'), 1],
      [new Date('2025-05-10T11:00:00Z'), 1],
    ]);
    await hourPrices(handle.db, [[new Date('2025-05-09T10:00:00Z'), 0.4]]);
    // May: both hours, (0.4 + 0.2) / 2 × 1.19; since the delivery start only the second
    expect(await service().current(undated)).toMatchObject({
      durchschnittlicherArbeitspreisVormonat: 0.357,
      durchschnittlicherArbeitspreisGesamt: 0.238,
    });
    // no hours metered: no average
    const alwaysValid = await contract(
      contractSpec({ tarife: [dynamicTariff({ gueltigVon: null })] }),
    );
    expect(await service().current(alwaysValid)).toMatchObject({
      durchschnittlicherArbeitspreisVormonat: null,
      durchschnittlicherArbeitspreisGesamt: null,
    });
  });

  it('has no current tariff for an ended contract, nor where none is valid today', async () => {
    const ended = await contract(contractSpec({ lieferende: '2025-01-31' }));
    const cancelled = await contract(contractSpec({ gewuenschtesLieferende: '2025-12-31' }));
    const future = await contract(
      contractSpec({ tarife: [fixedTariff({ gueltigVon: '2025-07-01' })] }),
    );
    for (const row of [ended, future]) {
      await expect(service().current(row)).rejects.toMatchObject({
        statusCode: 404,
        message: NO_TARIFF_MESSAGE,
      });
    }
    expect(await service().current(cancelled)).toMatchObject({ name: 'Teststrom Fix' });
  });
});
