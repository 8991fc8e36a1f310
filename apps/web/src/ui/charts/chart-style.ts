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

/**
 * The time axis: level labels only (a rotated label is hard to read on a phone). `label` gives
 * the text of each point; with `ownSpacing` it decides which show (empty ones get no grid line),
 * otherwise Chart.js leaves out what does not fit.
 */
export const timeAxis = (label: (index: number) => string | string[], ownSpacing: boolean) => ({
  ticks: {
    maxRotation: 0,
    minRotation: 0,
    autoSkip: !ownSpacing,
    callback: (_value: unknown, index: number) => label(index),
  },
  grid: {
    color: ownSpacing
      ? (context: { index: number }) => (label(context.index) === '' ? 'transparent' : GRID)
      : GRID,
  },
});
