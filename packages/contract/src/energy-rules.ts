/**
 * The business numbers of energy billing, written once for the server's TypeScript and SQL and
 * for the screens: VAT, the gas conversion and the dynamic price rule (spec §2.4, §6).
 */

/** German VAT on energy. Dynamic prices are kept net and shown gross to households (spec §6). */
export const VAT_RATE = 0.19;

/** Gas meters count m³, billing counts kWh: calorific value 11.1 kWh/m³ × gas-law factor 0.95. */
export const GAS_KWH_PER_CUBIC_METRE = 10.545;

/** kWh per unit a meter of the supply counts: m³ for gas, kWh for electricity. */
export const kwhPerMeterUnit = (versorgungsart: string): number =>
  versorgungsart === 'GAS' ? GAS_KWH_PER_CUBIC_METRE : 1;

/** What a net price is multiplied with to be shown: 1 + VAT where spec §6 shows gross prices. */
export const vatFactor = (gross: boolean): number => (gross ? 1 + VAT_RATE : 1);

/**
 * A dynamic tariff's working price, EUR/kWh (spec §6): (exchange price + markup) × VAT factor.
 * The SQL of the hourly history (apps/server/src/modules/history/repo.ts) computes the same with
 * `vatFactor` as its parameter; a server test holds both to the cent.
 */
export const dynamicWorkingPrice = (
  exchangePrice: number,
  markup: number | null,
  gross: boolean,
): number => (exchangePrice + (markup ?? 0)) * vatFactor(gross);
