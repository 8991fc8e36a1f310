import {
  everyHourOf,
  formatNumber,
  historyTotals,
  type HistoryAnswer,
  type HistoryMode,
} from '@kundenportal/contract';
import { KeyFigures } from '../../../ui/key-figures';
import { HistoryChart } from './history-chart';

const ESTIMATE_NOTE =
  'Bitte beachten Sie: Die angezeigten Werte können sich noch geringfügig ändern, da geschätzte oder prognostizierte Werte später durch die tatsächlichen Werte ersetzt werden.';

/** A range's key figures above its chart, and the note that estimates may still change. */
export function HistoryValues({
  mode,
  answer,
  window,
  brutto,
  now,
}: {
  mode: HistoryMode;
  answer: HistoryAnswer;
  window: { from: Date; to: Date };
  brutto: boolean;
  now: Date;
}) {
  const sum = historyTotals(mode, answer.data);
  const basis = brutto ? 'brutto' : 'netto';
  return (
    <div className="history-values">
      <KeyFigures
        figures={[
          { label: 'Verbrauch im Zeitraum', value: `${formatNumber(sum.verbrauch)} kWh` },
          { label: `Kosten im Zeitraum (${basis})`, value: `${formatNumber(sum.kosten)} €` },
          {
            label: `Durchschnittlicher Arbeitspreis (${basis})`,
            value: sum.preis === null ? null : `${formatNumber(sum.preis)} ct/kWh`,
          },
        ]}
      />
      <HistoryChart
        mode={mode}
        points={
          mode === 'STUENDLICH' ? everyHourOf(answer.data, window.from, window.to) : answer.data
        }
        brutto={brutto}
        now={now}
      />
      <p className="muted">{ESTIMATE_NOTE}</p>
    </div>
  );
}
