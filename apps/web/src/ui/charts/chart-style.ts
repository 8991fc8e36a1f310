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

const hatches = new Map<string, CanvasPattern>();

/**
 * A bar's fill of diagonal lines in `color` on white, to tell a series from a solid one without
 * its colour (WCAG 1.4.1), in the chart and in its legend alike. Give it as a scriptable option
 * (`backgroundColor: () => hatched(color)`): it needs a canvas, which exists only when the chart
 * is drawn. Where none can be made, the plain colour.
 */
export function hatched(color: string): CanvasPattern | string {
  const known = hatches.get(color);
  if (known) return known;
  const size = 8;
  const tile = document.createElement('canvas');
  tile.width = size;
  tile.height = size;
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

/** The grey of a slot that holds a note instead of bars, and of its legend entry. */
export const NOTE_SLOT_COLOR = '#e6eaee';

/**
 * A Chart.js plugin that marks the categories whose bars are missing for a reason: a grey band
 * over the slot, the reason written in it in level lines (the words wrapped to the slot's width,
 * the font made smaller down to 10 px where a word would not fit). `notes[index]` is the text of
 * a category, null for one with bars.
 */
export function slotNotes(notes: (string | null)[]) {
  return {
    id: 'slotNotes',
    beforeDatasetsDraw(chart: {
      ctx: CanvasRenderingContext2D;
      chartArea: { top: number; bottom: number };
      scales: Record<string, { getPixelForValue(value: number): number; width: number }>;
    }) {
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
        ctx.font = `${size}px ${getComputedStyle(document.body).fontFamily}`;
        while (size > 10 && Math.max(...words.map((w) => ctx.measureText(w).width)) > width - 4) {
          size -= 1;
          ctx.font = `${size}px ${getComputedStyle(document.body).fontFamily}`;
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
