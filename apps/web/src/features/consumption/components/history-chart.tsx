import {
  berlinDayOf,
  formatDayAndHour,
  formatNumber,
  madeOnFirstUse,
  TIME_ZONE,
  type HistoryMode,
  type HistoryPoint,
} from '@kundenportal/contract';
import { ChartFigure } from '../../../ui/charts/chart-figure';
import { chartColors, chartLineWidth } from '../../../ui/charts/chart-style';

const dayLabel = madeOnFirstUse(
  () =>
    new Intl.DateTimeFormat('de-DE', {
      weekday: 'short',
      day: '2-digit',
      month: '2-digit',
      timeZone: TIME_ZONE,
    }),
);
const monthLabel = madeOnFirstUse(
  () =>
    new Intl.DateTimeFormat('de-DE', {
      month: 'long',
      year: 'numeric',
      timeZone: TIME_ZONE,
    }),
);

/** The label of a point: hour, day or month; the running month is "Aktuell" (spec §9). */
function pointLabel(mode: HistoryMode, point: HistoryPoint, now: Date): string {
  if (mode === 'STUENDLICH') return formatDayAndHour(point.von);
  if (mode === 'TAEGLICH') return dayLabel().format(new Date(point.von));
  return berlinDayOf(new Date(point.von)).slice(0, 7) === berlinDayOf(now).slice(0, 7)
    ? 'Aktuell'
    : monthLabel().format(new Date(point.von));
}

const show = (value: number | null, format: (value: number) => string) =>
  value === null ? 'keine Daten' : format(value);
const cent = (eur: number | null) => (eur === null ? null : eur * 100);

const CAPTIONS: Record<HistoryMode, string> = {
  STUENDLICH: 'Verbrauch, Börsenpreis und Kosten je Stunde',
  TAEGLICH: 'Verbrauch, Preis und Kosten je Tag',
  MONATLICH: 'Verbrauch, Preis und Kosten je Monat',
};

/** Consumption as bars (kWh), the price as a line (Cent per kWh), costs (EUR): spec §9. */
export function HistoryChart({
  mode,
  points,
  brutto,
  now,
}: {
  mode: HistoryMode;
  points: HistoryPoint[];
  brutto: boolean;
  now: Date;
}) {
  const basis = brutto ? 'brutto' : 'netto';
  const labels = points.map((point) => pointLabel(mode, point, now));
  const priceName = mode === 'STUENDLICH' ? 'Börsenpreis' : 'Durchschnittspreis';
  const caption = `${CAPTIONS[mode]} (Preise ${basis})`;
  return (
    <ChartFigure
      caption={caption}
      table={{
        columns: [
          mode === 'STUENDLICH' ? 'Stunde' : mode === 'TAEGLICH' ? 'Tag' : 'Monat',
          'Verbrauch in kWh',
          `${priceName} in Cent/kWh (${basis})`,
          `Kosten in EUR (${basis})`,
        ],
        rows: points.map((point, index) => ({
          key: point.von,
          cells: [
            labels[index] ?? '',
            show(point.verbrauch, (value) => formatNumber(value, 4)),
            show(cent(point.arbeitspreis), (value) => formatNumber(value, 2)),
            show(point.kosten, (value) => formatNumber(value, 2)),
          ],
        })),
      }}
      chart={{
        type: 'bar',
        data: {
          labels,
          datasets: [
            {
              type: 'bar',
              label: 'Verbrauch in kWh',
              data: points.map((point) => point.verbrauch),
              backgroundColor: chartColors.verbrauch,
              borderColor: chartColors.verbrauch,
              borderWidth: chartLineWidth,
              yAxisID: 'kwh',
              order: 3,
            },
            {
              type: 'line',
              label: `${priceName} in Cent/kWh`,
              data: points.map((point) => cent(point.arbeitspreis)),
              borderColor: chartColors.boersenpreis,
              backgroundColor: chartColors.boersenpreis,
              borderWidth: chartLineWidth,
              pointRadius: mode === 'STUENDLICH' ? 0 : 2,
              stepped: mode === 'STUENDLICH' ? 'before' : false,
              yAxisID: 'cent',
              order: 1,
            },
            {
              type: 'line',
              label: 'Kosten in EUR',
              data: points.map((point) => point.kosten),
              borderColor: chartColors.kosten,
              backgroundColor: chartColors.kosten,
              borderWidth: chartLineWidth,
              borderDash: [6, 3],
              pointRadius: mode === 'STUENDLICH' ? 0 : 2,
              yAxisID: 'eur',
              order: 2,
            },
          ],
        },
        options: {
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          interaction: { mode: 'index', intersect: false },
          plugins: { legend: { position: 'bottom' } },
          // Chart.js's performance advice: points in order (no sorting pass), a fixed label
          // rotation and a few labels measured instead of all (they are of one length).
          normalized: true,
          scales: {
            x: { ticks: { minRotation: 50, maxRotation: 50, sampleSize: 6 } },
            kwh: { type: 'linear', position: 'left', title: { display: true, text: 'kWh' } },
            cent: {
              type: 'linear',
              position: 'right',
              title: { display: true, text: 'Cent/kWh' },
              grid: { drawOnChartArea: false },
            },
            eur: {
              type: 'linear',
              position: 'right',
              title: { display: true, text: 'EUR' },
              grid: { drawOnChartArea: false },
            },
          },
        },
      }}
    />
  );
}
