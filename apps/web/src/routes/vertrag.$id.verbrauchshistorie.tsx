import { CONTRACT_LOAD_FAILED_MESSAGE } from '@kundenportal/contract';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import {
  clampReferenceDay,
  CSV_MIME_TYPE,
  defaultReferenceDay,
  everyHourOf,
  formatDate,
  formatNumber,
  Granularities,
  GRANULARITY_LABELS,
  historyCsv,
  historyCsvFileName,
  historyWindow,
  showsGrossPrices,
  historyTotals,
  parseHistorySearch,
  latestReferenceDay,
  stepReferenceDay,
  type CalendarDay,
  type HistoryMode,
  type HistorySearch,
} from '@kundenportal/contract';
import { historyQueryOptions, useHistory } from '../features/consumption/api/get-history';
import { HistoryChart } from '../features/consumption/components/history-chart';
import { contractQueryOptions, useContract } from '../features/contracts/api/get-contract';
import { errorMessage } from '../lib/api-client';
import { notFoundOn404 } from '../lib/not-found';
import { saveFile } from '../lib/save-file';
import { Alert } from '../ui/alert';
import { DateField } from '../ui/date-field';
import { KeyFigures } from '../ui/key-figures';
import { PageHeading } from '../ui/page-heading';
import { PageSkeleton, SkeletonChart } from '../ui/skeleton';
import { useDrawnInSlices } from '../ui/use-drawn-in-slices';
import { contractParams } from './-components/contract-params';
import { LoadError } from '../ui/load-error';

/** The page opens on "Preisübersicht 48h" (spec §2.4) at the latest day it may show. */
const INITIAL_MODE: HistoryMode = 'STUENDLICH';

/** The view a link names: its mode and reference day, brought into the mode's limit. */
function viewOf(search: HistorySearch, now: Date) {
  const mode = search.ansicht ?? INITIAL_MODE;
  const day = clampReferenceDay(mode, search.tag ?? defaultReferenceDay(mode, now), now);
  return { mode, day, window: historyWindow(mode, day, now) };
}

export const Route = createFileRoute('/vertrag/$id/verbrauchshistorie')({
  params: contractParams,
  // Mode and day live in the URL: back, reload and a shared link keep the view.
  validateSearch: parseHistorySearch,
  loader: ({ context, params, location }) => {
    const { queryClient } = context;
    const { mode, window } = viewOf(parseHistorySearch(location.search), new Date());
    // The first range's values are asked for beside the contract, not after the page has shown:
    // one round trip less before they show. The page waits only for the contract; a failure of
    // the values is the page's to show (prefetchQuery never throws). No loaderDeps: a new view
    // is the same page (the focus stays on the control that chose it), its values come by query.
    void queryClient.prefetchQuery(historyQueryOptions(params.id, mode, window.from, window.to));
    return queryClient.ensureQueryData(contractQueryOptions(params.id)).catch(notFoundOn404);
  },
  component: HistoryPage,
  pendingComponent: function PendingHistory() {
    const { id } = Route.useParams();
    return (
      <PageSkeleton heading={`Verbrauchshistorie für Vertrag ${id}`}>
        <section className="card">
          <SkeletonChart />
        </section>
      </PageSkeleton>
    );
  },
  errorComponent: ({ error }) => (
    <LoadError error={error} fallback={CONTRACT_LOAD_FAILED_MESSAGE} />
  ),
});

const HISTORY_ERROR = 'Es ist ein unerwarteter Fehler aufgetreten';
const CSV_ERROR =
  'Der CSV-Download ist fehlgeschlagen. Bitte zu einem späteren Zeitpunkt erneut versuchen.';
const NO_DATA_TEXT = 'Für den gewählten Zeitraum liegen keine Daten vor.';
const ESTIMATE_NOTE =
  'Bitte beachten Sie: Die angezeigten Werte können sich noch geringfügig ändern, da geschätzte oder prognostizierte Werte später durch die tatsächlichen Werte ersetzt werden.';

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

function HistoryPage() {
  const { id } = Route.useParams();
  const { data: contract } = useContract(id);
  const queryClient = useQueryClient();
  const navigate = Route.useNavigate();
  const now = new Date();
  const { mode, day: referenceDay, window } = viewOf(Route.useSearch(), now);
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
    void navigate({ search: { ansicht, tag }, resetScroll: false });
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

  const sum = history.data ? historyTotals(mode, history.data.data) : null;
  const basis = brutto ? 'brutto' : 'netto';

  return (
    <>
      <PageHeading>{`Verbrauchshistorie für Vertrag ${id}`}</PageHeading>
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
          <div className="history-values">
            <KeyFigures
              figures={[
                { label: 'Verbrauch im Zeitraum', value: `${formatNumber(sum!.verbrauch)} kWh` },
                { label: `Kosten im Zeitraum (${basis})`, value: `${formatNumber(sum!.kosten)} €` },
                {
                  label: `Durchschnittlicher Arbeitspreis (${basis})`,
                  value: sum!.preis === null ? null : `${formatNumber(sum!.preis)} ct/kWh`,
                },
              ]}
            />
            <HistoryChart
              mode={mode}
              points={
                mode === 'STUENDLICH'
                  ? everyHourOf(history.data.data, window.from, window.to)
                  : history.data.data
              }
              brutto={brutto}
              now={now}
            />
            <p className="muted">{ESTIMATE_NOTE}</p>
          </div>
        )}
      </section>
      <Link to="/vertrag/$id/detail" params={{ id }} className="button button-secondary">
        Zurück
      </Link>
    </>
  );
}
