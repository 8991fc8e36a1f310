import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import {
  CSV_MIME_TYPE,
  formatDate,
  formatNumber,
  formatDayAndHour,
  priceCsv,
  priceCsvFileName,
  priceSeriesWindow,
} from '@kundenportal/contract';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { Alert } from '../../../ui/alert';
import { Spinner } from '../../../ui/spinner';
import { ChartFigure } from '../../../ui/charts/chart-figure';
import { chartColors, chartLineWidth } from '../../../ui/charts/chart-style';
import { usePriceSeries } from '../api/get-price-series';

const PRICE_ERROR = 'Es ist ein unbekannter Fehler aufgetreten';
const PRICE_CSV_ERROR =
  'Der CSV-Download ist fehlgeschlagen. Bitte zu einem späteren Zeitpunkt erneut versuchen.';

const label = (iso: string) => formatDayAndHour(iso);

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

  // No dynamic tariff is a fact about the customer's contracts, not a failure.
  const noPrices = series.error instanceof ApiError && series.error.status === 404;
  const basis = series.data?.brutto ? 'brutto' : 'netto';
  const caption = `Arbeitspreis in Cent/kWh (${basis}) vom ${formatDate(window.fromDay)} bis ${formatDate(window.toDay)}`;
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
        {!noPrices && (
          <button
            type="button"
            className="button button-secondary"
            disabled={series.isFetching || !series.data || series.data.preise.length === 0}
            onClick={download}
          >
            CSV herunterladen
          </button>
        )}
      </div>
      {csvFailed && (
        <Alert tone="error" takeFocus>
          {PRICE_CSV_ERROR}
        </Alert>
      )}
      {series.isPending ? (
        <Spinner />
      ) : noPrices ? (
        <p>
          {errorMessage(series.error, PRICE_ERROR)} Stündlich wechselnde Preise gibt es nur mit
          einem dynamischen Tarif. Die Preise Ihrer Verträge stehen in der Tarifhistorie des
          jeweiligen Vertrags: <Link to="/vertraege">zu Ihren Verträgen</Link>
        </p>
      ) : series.isError ? (
        <Alert tone="error">{errorMessage(series.error, PRICE_ERROR)}</Alert>
      ) : series.data.preise.length === 0 ? (
        <Alert tone="info">Für den gewählten Zeitraum liegen keine Daten vor.</Alert>
      ) : (
        <ChartFigure
          caption={caption}
          table={{
            columns: ['von', `Preis in Cent/kWh (${basis})`],
            rows: series.data.preise.map((point) => ({
              key: point.von,
              cells: [label(point.von), formatNumber(point.preis * 100, 2)],
            })),
          }}
          chart={{
            type: 'line',
            data: {
              labels: series.data.preise.map((point) => label(point.von)),
              datasets: [
                {
                  label: `Arbeitspreis in Cent/kWh (${basis})`,
                  data: series.data.preise.map((point) => point.preis * 100),
                  borderColor: chartColors.boersenpreis,
                  backgroundColor: chartColors.boersenpreis,
                  borderWidth: chartLineWidth,
                  pointRadius: 0,
                  stepped: 'before',
                },
              ],
            },
            options: {
              responsive: true,
              maintainAspectRatio: false,
              animation: false,
              interaction: { mode: 'index', intersect: false },
              plugins: { legend: { position: 'bottom' } },
              scales: {
                y: { type: 'linear', title: { display: true, text: 'Cent/kWh' } },
              },
            },
          }}
        />
      )}
    </section>
  );
}
