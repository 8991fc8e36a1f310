import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  CSV_MIME_TYPE,
  defaultReferenceDay,
  formatDate,
  Granularities,
  GRANULARITY_LABELS,
  historyCsv,
  historyCsvFileName,
  latestReferenceDay,
  showsGrossPrices,
  stepReferenceDay,
  type CalendarDay,
  type Contract,
  type HistoryMode,
  type HistorySearch,
} from '@kundenportal/contract';
import { errorMessage } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { Alert } from '../../../ui/alert';
import { DateField } from '../../../ui/date-field';
import { SkeletonChart } from '../../../ui/skeleton';
import { useDrawnInSlices } from '../../../ui/use-drawn-in-slices';
import { historyQueryOptions, useHistory } from '../api/get-history';
import { HistoryValues } from './history-values';
import { viewOf } from './history-view';

const HISTORY_ERROR = 'Es ist ein unerwarteter Fehler aufgetreten';
const CSV_ERROR =
  'Der CSV-Download ist fehlgeschlagen. Bitte zu einem späteren Zeitpunkt erneut versuchen.';
const NO_DATA_TEXT = 'Für den gewählten Zeitraum liegen keine Daten vor.';

const STEP_NAMES: Record<HistoryMode, [string, string]> = {
  STUENDLICH: ['Vorheriger Tag', 'Nächster Tag'],
  TAEGLICH: ['Vorheriger Monat', 'Nächster Monat'],
  MONATLICH: ['Vorheriges Jahr', 'Nächstes Jahr'],
};

/**
 * The controls are off while a range loads (spec §4.3) and at the limits, yet stay focusable: a
 * disabled button would drop the keyboard focus of the customer who just pressed it to the page.
 */
const unlessOff = (off: boolean, action: () => void) => ({
  'aria-disabled': off || undefined,
  onClick: () => {
    if (!off) action();
  },
});

const DAY_HINTS: Record<HistoryMode, string> = {
  STUENDLICH: 'Zeigt den gewählten Tag und den Tag davor.',
  TAEGLICH: 'Zeigt den Monat des gewählten Tages.',
  MONATLICH: 'Zeigt das Jahr des gewählten Tages.',
};

/**
 * A dynamic contract's history: mode, range and day chosen in the URL (`search`; a new view is
 * `onView`'s, a new history entry), its values, and their CSV.
 */
export function ConsumptionHistory({
  contract,
  search,
  onView,
}: {
  contract: Contract;
  search: HistorySearch;
  onView: (view: { ansicht: HistoryMode; tag: CalendarDay }) => void;
}) {
  const id = contract.id;
  const queryClient = useQueryClient();
  const now = new Date();
  const { mode, day: referenceDay, window } = viewOf(search, now);
  const [downloading, setDownloading] = useState(false);
  const [csvFailed, setCsvFailed] = useState(false);
  const history = useHistory(id, mode, window.from, window.to);
  const drawn = useDrawnInSlices(!history.isPending);
  const busy = history.isFetching || downloading;
  const brutto = showsGrossPrices('DYNAMISCHER_PREIS', contract.kundenArt);
  const previous = stepReferenceDay(mode, referenceDay, -1, now);
  const next = stepReferenceDay(mode, referenceDay, 1, now);
  const [previousName, nextName] = STEP_NAMES[mode];

  /** A new view is a new history entry: back returns to the one before. */
  const show = (ansicht: HistoryMode, tag: CalendarDay) => {
    setCsvFailed(false);
    onView({ ansicht, tag });
  };
  const chooseMode = (chosen: HistoryMode) =>
    show(chosen, chosen === 'STUENDLICH' ? defaultReferenceDay(chosen, now) : referenceDay);

  async function downloadCsv() {
    setDownloading(true);
    setCsvFailed(false);
    try {
      const answer = await queryClient.fetchQuery(
        historyQueryOptions(id, mode, window.from, window.to),
      );
      saveFile(
        new Blob([historyCsv(answer.data)], { type: CSV_MIME_TYPE }),
        historyCsvFileName(mode, window.fromDay, window.toDay),
      );
    } catch {
      setCsvFailed(true);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section className="card" aria-busy={busy || undefined}>
      <div className="segmented" role="group" aria-label="Ansicht">
        {Granularities.map((granularity) => (
          <button
            key={granularity}
            type="button"
            className="segment"
            aria-pressed={mode === granularity}
            {...unlessOff(busy, () => chooseMode(granularity))}
          >
            {GRANULARITY_LABELS[granularity]}
          </button>
        ))}
      </div>
      <div className="history-nav">
        <button
          type="button"
          className="button button-secondary"
          {...unlessOff(busy || previous === null, () => previous && show(mode, previous))}
        >
          {'<'}
          <span className="visually-hidden"> {previousName}</span>
        </button>
        <h2 className="history-range" aria-live="polite">
          {window.fromDay === window.toDay
            ? formatDate(window.fromDay)
            : `${formatDate(window.fromDay)} bis ${formatDate(window.toDay)}`}
        </h2>
        <button
          type="button"
          className="button button-secondary"
          {...unlessOff(busy || next === null, () => next && show(mode, next))}
        >
          {'>'}
          <span className="visually-hidden"> {nextName}</span>
        </button>
      </div>
      <div className="history-day">
        <DateField
          label="Datum"
          value={referenceDay}
          max={latestReferenceDay(mode, now)}
          hint={DAY_HINTS[mode]}
          onChange={(chosen) => show(mode, chosen)}
        />
      </div>
      <div className="button-row">
        <button
          type="button"
          className="button button-secondary"
          {...unlessOff(busy, () => void history.refetch())}
        >
          Neu laden
        </button>
        <button
          type="button"
          className="button button-secondary"
          {...unlessOff(busy || !history.data || history.data.data.length === 0, () => {
            void downloadCsv();
          })}
        >
          CSV herunterladen
        </button>
      </div>
      {csvFailed && (
        <Alert tone="error" takeFocus>
          {CSV_ERROR}
        </Alert>
      )}
      {!drawn || history.isPending || (history.isFetching && history.isError) ? (
        // As high as the values it waits for: the page below does not jump when they come.
        <div className="history-pending">
          <SkeletonChart />
        </div>
      ) : history.isError ? (
        <Alert tone="error">{errorMessage(history.error, HISTORY_ERROR)}</Alert>
      ) : history.data.data.length === 0 ? (
        <Alert tone="info">{NO_DATA_TEXT}</Alert>
      ) : (
        <HistoryValues
          mode={mode}
          answer={history.data}
          window={window}
          brutto={brutto}
          now={now}
        />
      )}
    </section>
  );
}
