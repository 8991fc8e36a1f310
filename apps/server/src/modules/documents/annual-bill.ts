import { round, VAT_RATE } from '@kundenportal/contract';

/** One line of a bill: a quantity at a net price per unit. */
export interface BillItem {
  text: string;
  menge: number;
  einheit: string;
  /** EUR per unit, net. */
  preisNetto: number;
}

export interface AnnualBill {
  positionen: (BillItem & { betragNetto: number })[];
  netto: number;
  umsatzsteuer: number;
  brutto: number;
  abschlaegeBezahlt: number;
  /** Positive: the customer pays the rest (Nachzahlung); negative: we pay back (Guthaben). */
  saldo: number;
}

const sum = (values: number[]) =>
  round(
    values.reduce((total, value) => total + value, 0),
    2,
  );

/**
 * An annual bill as German suppliers write it: each line rounded to the cent, VAT once on the
 * net total, the instalments paid (gross) set against the gross total.
 */
export function annualBill(items: BillItem[], abschlaegeBrutto: number[]): AnnualBill {
  const positionen = items.map((item) => ({
    ...item,
    betragNetto: round(item.menge * item.preisNetto, 2),
  }));
  const netto = sum(positionen.map((item) => item.betragNetto));
  const umsatzsteuer = round(netto * VAT_RATE, 2);
  const brutto = sum([netto, umsatzsteuer]);
  const abschlaegeBezahlt = sum(abschlaegeBrutto);
  return {
    positionen,
    netto,
    umsatzsteuer,
    brutto,
    abschlaegeBezahlt,
    saldo: sum([brutto, -abschlaegeBezahlt]),
  };
}

/** The monthly instalment of a year's expected gross cost: a twelfth, up to the whole euro. */
export const monthlyInstalment = (yearlyGross: number): number =>
  Math.ceil(round(yearlyGross / 12, 2));
