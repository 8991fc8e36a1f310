import type { ChartConfiguration } from 'chart.js';

/** A label under the time axis: one line, or level lines one above the other. */
export type TickLabel = string | string[];

/**
 * The time axis's label of each point on a narrow chart and on a wide one (below and from
 * NARROW_CHART_PX), with `ownSpacing` the chart's own choice of which show (empty ones get no
 * grid line), otherwise Chart.js leaves out what does not fit.
 */
export interface TimeAxisLabels {
  narrow: TickLabel[];
  wide: TickLabel[];
  ownSpacing: boolean;
}

/**
 * A chart as data alone, so that it can be posted to the worker that draws it (chart-canvas.tsx):
 * Chart.js's type, data and options without functions, and what our charts need functions for
 * as values, which chart-config.ts turns into Chart.js's options where the chart is drawn.
 */
export interface ChartSpec {
  config: ChartConfiguration;
  timeAxis: TimeAxisLabels;
  /** The datasets (by index) whose bars are hatched, to tell them from solid ones. */
  hatched?: number[];
  /** Per category, the reason its bars are missing (a grey slot with the text), null if none. */
  slotNotes?: (string | null)[];
  /** The datasets (by index) that the tooltip lists; every one unless given. */
  tooltipDatasets?: number[];
}

/** Below this width a chart labels its hours half as often: 12 px labels need the room. */
export const NARROW_CHART_PX = 600;

/** Every how many hours an hourly time axis is labelled, on a narrow chart or a wide one. */
export const hourTickStep = (narrow: boolean) => (narrow ? 12 : 6);

/** The time axis's labels of `count` points, `label` giving each on a narrow and a wide chart. */
export function timeAxisLabels(
  count: number,
  label: (index: number, narrow: boolean) => TickLabel,
  ownSpacing: boolean,
): TimeAxisLabels {
  const indexes = Array.from({ length: count }, (_, index) => index);
  return {
    narrow: indexes.map((index) => label(index, true)),
    wide: indexes.map((index) => label(index, false)),
    ownSpacing,
  };
}

/** The grey of a slot that holds a note instead of bars, and of its legend entry. */
export const NOTE_SLOT_COLOR = '#e6eaee';
