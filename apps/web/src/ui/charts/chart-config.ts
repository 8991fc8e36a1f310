import type { ChartConfiguration, ChartType, TooltipItem } from 'chart.js';
import {
  NARROW_CHART_PX,
  NOTE_SLOT_COLOR,
  type ChartSpec,
  type TimeAxisLabels,
} from './chart-spec';

const GRID = 'rgba(29, 39, 51, 0.12)';

/**
 * The time axis: level labels only (a rotated label is hard to read on a phone), each point's
 * label for the chart's width; with its own spacing, no grid line where a label is empty.
 */
function timeAxis(labels: TimeAxisLabels) {
  const label = (index: number, chartWidth: number) =>
    (chartWidth < NARROW_CHART_PX ? labels.narrow : labels.wide)[index] ?? '';
  return {
    ticks: {
      maxRotation: 0,
      minRotation: 0,
      autoSkip: !labels.ownSpacing,
      callback(this: { chart: { width: number } }, _value: unknown, index: number) {
        return label(index, this.chart.width);
      },
    },
    grid: {
      color: labels.ownSpacing
        ? (context: { index: number; chart: { width: number } }) =>
            label(context.index, context.chart.width) === '' ? 'transparent' : GRID
        : GRID,
    },
  };
}

const hatches = new Map<string, CanvasPattern>();

/** A canvas of its own for a pattern's tile: in the chart worker there is no document. */
function tileCanvas(size: number) {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(size, size);
  const tile = document.createElement('canvas');
  tile.width = size;
  tile.height = size;
  return tile;
}

/**
 * A bar's fill of diagonal lines in `color` on white, to tell a series from a solid one without
 * its colour (WCAG 1.4.1), in the chart and in its legend alike. Where none can be made, the
 * plain colour.
 */
function hatched(color: string): CanvasPattern | string {
  const known = hatches.get(color);
  if (known) return known;
  const size = 8;
  const tile = tileCanvas(size);
  const context = tile.getContext('2d');
  if (!context) return color;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size, size);
  context.strokeStyle = color;
  context.lineWidth = 2;
  context.beginPath();
  // One diagonal and the corners of its neighbours, so that the tiles join into lines.
  for (const offset of [-size, 0, size]) {
    context.moveTo(offset, size);
    context.lineTo(offset + size, 0);
  }
  context.stroke();
  const pattern = context.createPattern(tile, 'repeat');
  if (!pattern) return color;
  hatches.set(color, pattern);
  return pattern;
}

/** What slotNotes draws on: Chart.js's chart, as far as it reads it. */
interface NotedChart {
  ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
  chartArea: { top: number; bottom: number };
  scales: Record<string, { getPixelForValue(value: number): number; width: number }>;
}

/**
 * A Chart.js plugin that marks the categories whose bars are missing for a reason: a grey band
 * over the slot, the reason written in it in level lines (the words wrapped to the slot's width,
 * the font made smaller down to 10 px where a word would not fit). `notes[index]` is the text of
 * a category, null for one with bars.
 */
export function slotNotes(notes: (string | null)[], fontFamily: string) {
  return {
    id: 'slotNotes',
    beforeDatasetsDraw(chart: NotedChart) {
      const { ctx, chartArea } = chart;
      const x = chart.scales.x;
      if (!x) return;
      const slot = x.width / Math.max(notes.length, 1);
      notes.forEach((note, index) => {
        if (!note) return;
        const center = x.getPixelForValue(index);
        const width = slot * 0.8;
        ctx.save();
        ctx.fillStyle = NOTE_SLOT_COLOR;
        ctx.fillRect(center - width / 2, chartArea.top, width, chartArea.bottom - chartArea.top);
        const words = note.split(' ');
        let size = 12;
        ctx.font = `${size}px ${fontFamily}`;
        while (size > 10 && Math.max(...words.map((w) => ctx.measureText(w).width)) > width - 4) {
          size -= 1;
          ctx.font = `${size}px ${fontFamily}`;
        }
        const lines: string[] = [];
        for (const word of words) {
          const last = lines.at(-1);
          if (last !== undefined && ctx.measureText(`${last} ${word}`).width <= width - 4)
            lines[lines.length - 1] = `${last} ${word}`;
          else lines.push(word);
        }
        ctx.fillStyle = '#1d2733';
        ctx.textAlign = 'center';
        ctx.textBaseline = 'top';
        lines.forEach((line, row) => {
          ctx.fillText(line, center, chartArea.top + 8 + row * (size + 4));
        });
        ctx.restore();
      });
    },
  };
}

/**
 * Chart.js's configuration of a chart described by `spec`, with the functions that its time
 * axis, hatching, slot notes and tooltip need. Runs where the chart is drawn (the worker).
 */
export function chartConfiguration(spec: ChartSpec, fontFamily: string): ChartConfiguration {
  const { config } = spec;
  const hatchedSets = new Set(spec.hatched);
  const tooltipSets = spec.tooltipDatasets && new Set(spec.tooltipDatasets);
  const options = config.options ?? {};
  const { x, ...otherScales } = options.scales ?? {};
  return {
    ...config,
    data: {
      ...config.data,
      datasets: config.data.datasets.map((dataset, index) => {
        const color = dataset.backgroundColor;
        // A scriptable option: a pattern needs a canvas, made only when the chart is drawn.
        return hatchedSets.has(index) && typeof color === 'string'
          ? { ...dataset, backgroundColor: () => hatched(color) }
          : dataset;
      }),
    },
    plugins: spec.slotNotes ? [slotNotes(spec.slotNotes, fontFamily)] : [],
    options: {
      ...options,
      plugins: {
        ...options.plugins,
        ...(tooltipSets && {
          tooltip: {
            ...options.plugins?.tooltip,
            filter: (item: TooltipItem<ChartType>) => tooltipSets.has(item.datasetIndex),
          },
        }),
      },
      // The time axis first, where the charts' own order of scales has it.
      scales: { x: { ...x, ...timeAxis(spec.timeAxis) }, ...otherScales },
    },
  };
}
