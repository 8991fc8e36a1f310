import { mandant } from '../../config/mandant';

/** The variant's chart colours and line width (spec §13), for every chart's datasets. */
export const chartColors = mandant.diagrammFarben;
export const chartLineWidth = mandant.diagrammLinienbreite;

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
