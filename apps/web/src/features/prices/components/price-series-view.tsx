import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import {
  CSV_MIME_TYPE,
  formatCentPerKwh,
  formatDate,
  formatNumber,
  formatDayAndHour,
  formatTime,
  priceCsv,
  priceCsvFileName,
  priceHighlights,
  priceSeriesWindow,
} from '@kundenportal/contract';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { Alert } from '../../../ui/alert';
import { SkeletonChart } from '../../../ui/skeleton';
import { ChartFigure } from '../../../ui/charts/chart-figure';
import { KeyFigures } from '../../../ui/key-figures';
import { hourTickStep, timeAxisLabels, type TickLabel } from '../../../ui/charts/chart-spec';
import { chartColors, chartLineWidth } from '../../../ui/charts/chart-style';
import { usePriceSeries } from '../api/get-price-series';

const PRICE_ERROR = 'Es ist ein unbekannter Fehler aufgetreten';
const PRICE_CSV_ERROR =
  'Der CSV-Download ist fehlgeschlagen. Bitte zu einem späteren Zeitpunkt erneut versuchen.';

const HOUR_MS = 3_600_000;
/** "14:00–15:00 Uhr". */
const hourSpan = (von: string) => {
  const start = new Date(von);
  return `${formatTime(start)}–${formatTime(new Date(start.getTime() + HOUR_MS))} Uhr`;
};

/** Every sixth full hour under the axis (midnight with its day), level; `label` dd.mm. HH:mm. */
function tickLabel(label: string, step: number): TickLabel {
  const [day = '', time = ''] = label.split(' ');
  const hour = Number(time.slice(0, 2));
  if (hour % step !== 0 || !time.endsWith(':00')) return '';
  return hour === 0 ? [time, day] : time;
}

/**
 * The price series over the window of spec §7.2 (yesterday and today; from 12:00 today and
 * tomorrow) as a chart in Cent per kWh, with its CSV download.
 */
export function PriceSeriesView({ contractId }: { contractId: number | null }) {
  const [window] = useState(() => priceSeriesWindow(new Date()));
  const series = usePriceSeries(contractId, window.from, window.to);
  const [csvFailed, setCsvFailed] = useState(false);

  function download() {
    setCsvFailed(false);
    try {
      if (!series.data) throw new Error('no data');
      saveFile(
        new Blob([priceCsv(series.data.preise)], { type: CSV_MIME_TYPE }),
        priceCsvFileName(window.fromDay, window.toDay),
      );
    } catch {
      setCsvFailed(true);
    }
  }

  const basis = series.data?.brutto ? 'brutto' : 'netto';
  const now = new Date();
  const points = series.data?.preise ?? [];
  const labels = points.map((point) => formatDayAndHour(point.von));
  const highlights = priceHighlights(points, now);
  const nowIndex = highlights.now ? points.indexOf(highlights.now) : -1;
  const top = Math.max(...points.map((point) => point.preis * 100));
  const caption = `Arbeitspreis in Cent/kWh (${basis}) vom ${formatDate(window.fromDay)} bis ${formatDate(window.toDay)}`;
  // No dynamic tariff is a fact about the customer's contracts, not a failure: said plainly,
  // without a reload or a download that could not help.
  if (series.error instanceof ApiError && series.error.status === 404)
    return (
      <section className="card">
        <p>
          {errorMessage(series.error, PRICE_ERROR)} Stündlich wechselnde Preise gibt es nur mit
          einem dynamischen Tarif. Die Preise Ihrer Verträge stehen in der Tarifhistorie des
          jeweiligen Vertrags: <Link to="/vertraege">zu Ihren Verträgen</Link>
        </p>
      </section>
    );
  return (
    <section className="card" aria-busy={series.isFetching || undefined}>
      <div className="card-header">
        <h2>
          {formatDate(window.fromDay)} bis {formatDate(window.toDay)}
        </h2>
      </div>
      <div className="button-row">
        <button
          type="button"
          className="button button-secondary"
          disabled={series.isFetching}
          onClick={() => void series.refetch()}
        >
          Neu laden
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={series.isFetching || !series.data || series.data.preise.length === 0}
          onClick={download}
        >
          CSV herunterladen
        </button>
      </div>
      {csvFailed && (
        <Alert tone="error" takeFocus>
          {PRICE_CSV_ERROR}
        </Alert>
      )}
      {series.isPending ? (
        <SkeletonChart tiles={4} />
      ) : series.isError ? (
        <Alert tone="error">{errorMessage(series.error, PRICE_ERROR)}</Alert>
      ) : series.data.preise.length === 0 ? (
        <Alert tone="info">Für den gewählten Zeitraum liegen keine Daten vor.</Alert>
      ) : (
        <>
          {highlights.now && (
            <p className="price-now">
              Jetzt: {formatCentPerKwh(highlights.now.preis)} ({basis})
            </p>
          )}
          <KeyFigures
            figures={highlights.days.flatMap((extremes) => {
              const name = extremes.day === highlights.days[0]?.day ? 'Heute' : 'Morgen';
              return [
                {
                  label: `${name} am günstigsten`,
                  value: formatCentPerKwh(extremes.cheapest.preis),
                  detail: hourSpan(extremes.cheapest.von),
                },
                {
                  label: `${name} am teuersten`,
                  value: formatCentPerKwh(extremes.dearest.preis),
                  detail: hourSpan(extremes.dearest.von),
                },
              ];
            })}
          />
          <ChartFigure
            caption={caption}
            table={{
              columns: ['von', `Arbeitspreis in Cent/kWh (${basis})`],
              rows: points.map((point, index) => ({
                key: point.von,
                cells: [
                  index === nowIndex ? `${labels[index]} (jetzt)` : labels[index]!,
                  formatNumber(point.preis * 100, 2),
                ],
              })),
            }}
            chart={{
              config: {
                type: 'bar',
                data: {
                  labels,
                  datasets: [
                    {
                      type: 'line',
                      label: `Arbeitspreis in Cent/kWh (${basis})`,
                      data: points.map((point) => point.preis * 100),
                      borderColor: chartColors.boersenpreis,
                      backgroundColor: chartColors.boersenpreis,
                      borderWidth: chartLineWidth,
                      pointRadius: 0,
                      stepped: 'middle',
                      order: 1,
                    },
                    // The point of now as a column behind the line, over the whole height.
                    {
                      type: 'bar',
                      label: 'Jetzt',
                      data: points.map((_, index) => (index === nowIndex ? top : null)),
                      backgroundColor: '#1d2733',
                      borderColor: '#1d2733',
                      borderWidth: 1,
                      barPercentage: 1,
                      categoryPercentage: 1,
                      order: 2,
                    },
                  ],
                },
                options: {
                  interaction: { mode: 'index', intersect: false },
                  plugins: { legend: { position: 'bottom' } },
                  scales: {
                    y: {
                      type: 'linear',
                      title: { display: true, text: 'Cent/kWh' },
                      ticks: { maxTicksLimit: 6 },
                    },
                  },
                },
              },
              timeAxis: timeAxisLabels(
                points.length,
                (index, narrow) => {
                  const point = points[index];
                  if (!point) return '';
                  if (index === nowIndex) return 'jetzt';
                  const step = hourTickStep(narrow);
                  // The labels within half a step of "jetzt" give it room.
                  return highlights.now &&
                    Math.abs(Date.parse(point.von) - Date.parse(highlights.now.von)) <
                      (step / 2) * HOUR_MS
                    ? ''
                    : tickLabel(labels[index]!, step);
                },
                true,
              ),
              // The tooltip names the hour's price, not the column of now.
              tooltipDatasets: [0],
            }}
          />
        </>
      )}
    </section>
  );
}
