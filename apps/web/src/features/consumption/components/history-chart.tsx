import {
  berlinDayOf,
  formatDayAndHour,
  formatHistoryKwh,
  formatMonthAndYear,
  formatNumber,
  formatShortMonth,
  formatWeekdayAndDay,
  HISTORY_COST_UNIT,
  shownCost,
  type HistoryMode,
  type HistoryPoint,
} from '@kundenportal/contract';
import { ChartFigure } from '../../../ui/charts/chart-figure';
import { hourTickStep, timeAxisLabels, type TickLabel } from '../../../ui/charts/chart-spec';
import { chartColors, chartLineWidth, panelAxis } from '../../../ui/charts/chart-style';

const isRunningMonth = (point: HistoryPoint, now: Date) =>
  berlinDayOf(new Date(point.von)).slice(0, 7) === berlinDayOf(now).slice(0, 7);

/** The label of a point: hour, day or month; the running month is "Aktuell" (spec §9). */
function pointLabel(mode: HistoryMode, point: HistoryPoint, now: Date): string {
  if (mode === 'STUENDLICH') return formatDayAndHour(point.von);
  if (mode === 'TAEGLICH') return formatWeekdayAndDay(point.von);
  return isRunningMonth(point, now) ? 'Aktuell' : formatMonthAndYear(point.von);
}

/**
 * The short text under the time axis, level at 330 px: every sixth hour, or every twelfth on a
 * phone (midnight with its day), a day as "01.11.", a month as "Jan." — the full label stays in
 * the tooltip and table.
 */
function tickLabel(mode: HistoryMode, point: HistoryPoint, now: Date, narrow: boolean): TickLabel {
  if (mode === 'STUENDLICH') {
    const [day = '', time = ''] = formatDayAndHour(point.von).split(' ');
    const hour = Number(time.slice(0, 2));
    if (hour % hourTickStep(narrow) !== 0) return '';
    return hour === 0 ? [time, day] : time;
  }
  if (mode === 'TAEGLICH') return formatWeekdayAndDay(point.von).slice(-6);
  return isRunningMonth(point, now) ? 'Aktuell' : formatShortMonth(point.von);
}

const show = (value: number | null, format: (value: number) => string) =>
  value === null ? 'keine Daten' : format(value);
const cent = (eur: number | null) => (eur === null ? null : eur * 100);

/** What the price of a point is: the hour's working price, or a day's or month's average. */
const historyPriceName = (mode: HistoryMode) =>
  mode === 'STUENDLICH' ? 'Arbeitspreis' : 'Durchschnittlicher Arbeitspreis';

const CAPTIONS: Record<HistoryMode, string> = {
  STUENDLICH: 'Verbrauch, Arbeitspreis und Kosten je Stunde',
  TAEGLICH: 'Verbrauch, durchschnittlicher Arbeitspreis und Kosten je Tag',
  MONATLICH: 'Verbrauch, durchschnittlicher Arbeitspreis und Kosten je Monat',
};

/** The price's or the costs' line in its panel: steps between the hours, points on days and months. */
const priceOrCostLine = (
  label: string,
  data: (number | null)[],
  color: string,
  panel: 'cent' | 'eur',
  hourly: boolean,
) => ({
  type: 'line' as const,
  label,
  data,
  borderColor: color,
  backgroundColor: color,
  borderWidth: chartLineWidth,
  pointRadius: hourly ? 0 : 2,
  stepped: hourly ? ('middle' as const) : false,
  yAxisID: panel,
});

/**
 * Consumption (kWh), price (Cent per kWh) and costs (EUR) of spec §9 as three panels, one above
 * the other on one time axis (Chart.js's stacked scales): each measure has its own axis on the
 * left, readable at 330 px, instead of three axes around one plot.
 */
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
  const priceName = `${historyPriceName(mode)} in Cent/kWh (${basis})`;
  const costUnit = HISTORY_COST_UNIT[mode] === 'ct' ? 'Cent' : 'EUR';
  const caption = `${CAPTIONS[mode]} (Preise ${basis})`;
  const hourly = mode === 'STUENDLICH';
  const prices = points.map((point) => cent(point.arbeitspreis));
  return (
    <ChartFigure
      caption={caption}
      panels
      table={{
        columns: [
          hourly ? 'Stunde' : mode === 'TAEGLICH' ? 'Tag' : 'Monat',
          'Verbrauch in kWh',
          priceName,
          `Kosten in ${costUnit} (${basis})`,
        ],
        rows: points.map((point, index) => ({
          key: point.von,
          cells: [
            labels[index] ?? '',
            show(point.verbrauch, (value) => formatHistoryKwh(mode, value)),
            show(cent(point.arbeitspreis), (value) => formatNumber(value, 2)),
            show(point.kosten, (value) => formatNumber(shownCost(mode, value))),
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
                type: 'bar',
                label: 'Verbrauch in kWh',
                data: points.map((point) => point.verbrauch),
                backgroundColor: chartColors.verbrauch,
                borderColor: chartColors.verbrauch,
                borderWidth: 0,
                yAxisID: 'kwh',
              },
              priceOrCostLine(priceName, prices, chartColors.boersenpreis, 'cent', hourly),
              priceOrCostLine(
                `Kosten in EUR (${basis})`,
                points.map((point) => point.kosten),
                chartColors.kosten,
                'eur',
                hourly,
              ),
            ],
          },
          options: {
            interaction: { mode: 'index', intersect: false },
            plugins: { legend: { position: 'bottom' } },
            // Chart.js's performance advice: points in order (no sorting pass).
            normalized: true,
            scales: {
              // Stacked scales are laid out from the bottom up: costs, price, consumption on top.
              eur: panelAxis('EUR', 1),
              cent: panelAxis('Cent/kWh', 1),
              kwh: panelAxis('kWh', 1.3),
            },
          },
        },
        timeAxis: timeAxisLabels(
          points.length,
          (index, narrow) => {
            const point = points[index];
            return point ? tickLabel(mode, point, now, narrow) : '';
          },
          hourly,
        ),
      }}
    />
  );
}
