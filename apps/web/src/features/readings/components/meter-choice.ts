import type { Meter } from '@kundenportal/contract';

/** A meter the form offers, with the delivery days of its contract. */
export interface MeterChoice {
  contractId: number;
  meter: Meter;
  lieferbeginn: string | null;
  lieferende: string | null;
}

export const meterKey = (choice: MeterChoice) => `${choice.contractId}:${choice.meter.nummer}`;

/** One empty text per channel of the chosen meter, in its order. */
export const emptyValues = (choice: MeterChoice | undefined) =>
  choice?.meter.kanaele.map(() => '') ?? [];

/**
 * The server names a channel's value by its code (`ablesewerte.1-1:1.8.1`), the form by its
 * place (`ablesewerte.0`): the one map between them, for refusals.
 */
export const serverNamesOf = (
  choice: MeterChoice | undefined,
): Record<string, `ablesewerte.${number}`> =>
  Object.fromEntries(
    (choice?.meter.kanaele ?? []).map((kanal, index) => [
      `ablesewerte.${kanal.obiskennzahl}`,
      `ablesewerte.${index}` as const,
    ]),
  );
