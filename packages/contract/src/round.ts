const POWERS_OF_TEN = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000];

/**
 * A number at `digits` decimals (null stays null), halves rounded up as Math.round does: kWh
 * and euros at 2, prices and costs per hour at 6, so that sums of them stay right to the cent.
 */
export function round(value: number, digits: number): number;
export function round(value: number | null, digits: number): number | null;
export function round(value: number | null, digits: number): number | null {
  if (value === null) return null;
  const factor = POWERS_OF_TEN[digits] ?? 10 ** digits;
  // A sum of decimals carries binary noise (1.005 × 100 is 100.49999999999999): cut to 12
  // significant digits first, so that a half that is exact in decimal rounds up.
  return Math.round(Number((value * factor).toPrecision(12))) / factor;
}
