import { mandant } from '../../config/mandant';

/** The variant's chart colours and line width (spec §13), for every chart's datasets. */
export const chartColors = mandant.diagrammFarben;
export const chartLineWidth = mandant.diagrammLinienbreite;

const GRID = 'rgba(29, 39, 51, 0.12)';

/**
 * One panel of a chart whose measures stand one above the other on a shared time axis
 * (Chart.js's stacked scales): its axis on the left with its unit, a few level ticks, and its
 * share of the height.
 */
export const panelAxis = (unit: string, weight: number) => ({
  type: 'linear' as const,
  position: 'left' as const,
  stack: 'panels',
  stackWeight: weight,
  offset: true,
  border: { display: true },
  title: { display: true, text: unit },
  ticks: { maxTicksLimit: 4 },
});

/** Below this width a chart labels its hours half as often: 12 px labels need the room. */
const NARROW_CHART_PX = 600;

/** Every how many hours an hourly time axis is labelled, for a chart this wide. */
export const hourTickStep = (chartWidth: number) => (chartWidth < NARROW_CHART_PX ? 12 : 6);

/**
 * The time axis: level labels only (a rotated label is hard to read on a phone). `label` gives
 * the text of each point for the chart's width; with `ownSpacing` it decides which show (empty
 * ones get no grid line), otherwise Chart.js leaves out what does not fit.
 */
export const timeAxis = (
  label: (index: number, chartWidth: number) => string | string[],
  ownSpacing: boolean,
) => ({
  ticks: {
    maxRotation: 0,
    minRotation: 0,
    autoSkip: !ownSpacing,
    callback(this: { chart: { width: number } }, _value: unknown, index: number) {
      return label(index, this.chart.width);
    },
  },
  grid: {
    color: ownSpacing
      ? (context: { index: number; chart: { width: number } }) =>
          label(context.index, context.chart.width) === '' ? 'transparent' : GRID
      : GRID,
  },
});
