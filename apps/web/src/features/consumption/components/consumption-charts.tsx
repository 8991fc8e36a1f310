import {
  FALLING_METER_LABEL,
  formatDate,
  formatNumber,
  type Consumption,
} from '@kundenportal/contract';
import { ChartFigure } from '../../../ui/charts/chart-figure';
import { NOTE_SLOT_COLOR, timeAxisLabels } from '../../../ui/charts/chart-spec';
import { chartColors, chartLineWidth } from '../../../ui/charts/chart-style';

const PERIOD_CHART_DESCRIPTION =
  'Die roten Balken zeigen den Verbrauch zwischen zwei Zählerablesungen oder Schätzungen. Die grünen Balken rechnen diesen Verbrauch auf 365 Tage hoch, damit die Werte vergleichbar sind.';

const periodLabel = (period: Consumption) =>
  `${formatDate(period.von)} – ${formatDate(period.bis)}`;
/** A period under the axis in two level lines: from, to. */
const periodTick = (period: Consumption | undefined) =>
  period ? [`${formatDate(period.von)} –`, formatDate(period.bis)] : '';
const kwh = (value: number | null) => (value === null ? 'keine Daten' : formatNumber(value));

/**
 * Spec §2.4: red bars per period between readings, green bars extrapolated to 365 days. The red
 * is solid and the green hatched, so that they differ without their colour (legend alike); a
 * period with a falling meter has no bars and says so in its slot.
 */
export function YearlyConsumptionChart({ periods }: { periods: Consumption[] }) {
  const labels = periods.map(periodLabel);
  const notes = periods.map((period) => (period.zaehlerstandGefallen ? FALLING_METER_LABEL : null));
  const anyFell = notes.some((note) => note !== null);
  return (
    <ChartFigure
      caption="Jahresverbrauch je Ablesezeitraum in kWh"
      description={<p>{PERIOD_CHART_DESCRIPTION}</p>}
      table={{
        columns: ['Zeitraum', 'Verbrauch in kWh', 'Hochgerechnet auf 365 Tage in kWh'],
        rows: periods.map((period, index) => ({
          key: `${period.von}-${period.bis}`,
          cells: [
            labels[index] ?? '',
            period.zaehlerstandGefallen ? FALLING_METER_LABEL : kwh(period.summe),
            period.zaehlerstandGefallen ? 'nicht berechenbar' : kwh(period.summeJahr),
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
                label: 'Verbrauch im Zeitraum (kWh)',
                data: periods.map((period) => period.summe),
                backgroundColor: chartColors.verbrauchszeitraum,
                borderColor: chartColors.verbrauchszeitraum,
                borderWidth: chartLineWidth,
              },
              {
                label: 'Hochgerechnet auf 365 Tage (kWh)',
                data: periods.map((period) => period.summeJahr),
                backgroundColor: chartColors.hochgerechnet,
                borderColor: chartColors.hochgerechnet,
                borderWidth: chartLineWidth,
              },
              // No bars: only the legend's entry for the grey slots the plugin marks.
              ...(anyFell
                ? [
                    {
                      label: FALLING_METER_LABEL,
                      data: periods.map(() => null),
                      backgroundColor: NOTE_SLOT_COLOR,
                      borderColor: NOTE_SLOT_COLOR,
                      grouped: false,
                    },
                  ]
                : []),
            ],
          },
          options: {
            plugins: { legend: { position: 'bottom' } },
            scales: { y: { title: { display: true, text: 'kWh' } } },
          },
        },
        timeAxis: timeAxisLabels(periods.length, (index) => periodTick(periods[index]), false),
        hatched: [1],
        ...(anyFell && { slotNotes: notes }),
      }}
    />
  );
}

/**
 * The consumption that was billed, per billing year (the year a period ends in), each year
 * in its colour; the running year's forecast beside it.
 */
export function BilledConsumptionChart({ periods }: { periods: Consumption[] }) {
  const years = new Map<string, number>();
  for (const period of periods) {
    const year = period.bis.slice(0, 4);
    // A period with a falling meter has no consumption to add (never a negative one).
    years.set(year, (years.get(year) ?? 0) + (period.summe ?? 0));
  }
  const entries = [...years.entries()];
  const forecast = periods.at(-1)?.prognose ?? null;
  const colors = chartColors.jahre;
  return (
    <ChartFigure
      caption="Abgerechneter Verbrauch je Jahr in kWh"
      description={
        forecast === null ? undefined : (
          <p>Prognose für das laufende Jahr: {formatNumber(forecast)} kWh</p>
        )
      }
      table={{
        columns: ['Abrechnungsjahr', 'Verbrauch in kWh'],
        rows: entries.map(([year, value]) => ({ key: year, cells: [year, kwh(value)] })),
      }}
      chart={{
        config: {
          type: 'bar',
          data: {
            labels: entries.map(([year]) => year),
            datasets: [
              {
                label: 'Abgerechneter Verbrauch (kWh)',
                data: entries.map(([, value]) => value),
                backgroundColor: entries.map((_, index) => colors[index % colors.length]!),
                borderColor: entries.map((_, index) => colors[index % colors.length]!),
                borderWidth: chartLineWidth,
              },
            ],
          },
          options: {
            plugins: { legend: { display: false } },
            scales: { y: { title: { display: true, text: 'kWh' } } },
          },
        },
        timeAxis: timeAxisLabels(entries.length, (index) => entries[index]?.[0] ?? '', false),
      }}
    />
  );
}
