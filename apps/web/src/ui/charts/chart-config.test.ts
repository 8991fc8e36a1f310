import { describe, expect, it } from 'vitest';
import type { ChartConfiguration, ChartType, TooltipItem } from 'chart.js';
import { chartConfiguration, slotNotes } from './chart-config';
import { NOTE_SLOT_COLOR, type ChartSpec } from './chart-spec';

/** A canvas context that records what is drawn; text is 6 px a character at 12 px. */
function recordingContext() {
  const drawn: { rects: number[][]; texts: [string, number, number][]; fonts: string[] } = {
    rects: [],
    texts: [],
    fonts: [],
  };
  let font = '12px x';
  const context = {
    fillStyle: '',
    textAlign: '',
    textBaseline: '',
    get font() {
      return font;
    },
    set font(value: string) {
      font = value;
      drawn.fonts.push(value);
    },
    save() {},
    restore() {},
    fillRect(...rect: number[]) {
      drawn.rects.push([...rect, this.fillStyle === NOTE_SLOT_COLOR ? 1 : 0]);
    },
    measureText(text: string) {
      return { width: (text.length * Number.parseInt(font, 10)) / 2 };
    },
    fillText(text: string, x: number, y: number) {
      drawn.texts.push([text, x, y]);
    },
  };
  return { context: context as unknown as CanvasRenderingContext2D, drawn };
}

/** A chart of `count` categories over 0..width px, the plot 20..220 px high. */
const chartOf = (context: CanvasRenderingContext2D, count: number, width: number) => ({
  ctx: context,
  chartArea: { top: 20, bottom: 220 },
  scales: {
    x: { width, getPixelForValue: (index: number) => (index + 0.5) * (width / count) },
  },
});

describe('slotNotes', () => {
  it('marks only the slots with a note: a grey band over the plot and the words in it', () => {
    const { context, drawn } = recordingContext();
    slotNotes([null, 'Zählerwechsel oder Korrektur', null], 'x').beforeDatasetsDraw(
      chartOf(context, 3, 600),
    );
    // Slot 200 px wide, band 80 % of it around its centre at 300 px, over the whole plot.
    expect(drawn.rects).toEqual([[220, 20, 160, 200, 1]]);
    // 12 px text fits the band: the words share lines as far as they fit (156 px).
    expect(drawn.texts).toEqual([
      ['Zählerwechsel oder', 300, 28],
      ['Korrektur', 300, 44],
    ]);
  });

  it('makes the text smaller, down to 10 px, where a word is wider than a narrow slot', () => {
    const { context, drawn } = recordingContext();
    slotNotes(['Zählerwechsel oder Korrektur'], 'x').beforeDatasetsDraw(chartOf(context, 1, 80));
    // Band 64 px: "Zählerwechsel" (13 characters) is 78 px at 12 px, 65 at 10: the smallest.
    expect(drawn.fonts.at(-1)).toMatch(/^10px /);
    expect(drawn.texts.map(([text]) => text)).toEqual(['Zählerwechsel', 'oder', 'Korrektur']);
    expect(drawn.texts.map(([, , y]) => y)).toEqual([28, 42, 56]);
  });
});

describe('chartConfiguration', () => {
  const spec = (overrides: Partial<ChartSpec> = {}): ChartSpec => ({
    config: {
      type: 'bar',
      data: {
        labels: ['a', 'b'],
        datasets: [
          { label: 'solid', data: [1, 2], backgroundColor: '#aa0000' },
          { label: 'hatched', data: [3, 4], backgroundColor: '#00aa00' },
        ],
      },
      options: {
        plugins: { legend: { position: 'bottom' } },
        scales: { y: { title: { display: true, text: 'kWh' } }, x: { offset: true } },
      },
    },
    timeAxis: { narrow: ['', 'b narrow'], wide: ['a wide', 'b wide'], ownSpacing: true },
    ...overrides,
  });
  type Tick = (this: { chart: { width: number } }, value: unknown, index: number) => unknown;
  type Grid = (context: { index: number; chart: { width: number } }) => string;
  const xOf = (config: ChartConfiguration) =>
    config.options!.scales!.x as {
      ticks: { callback: Tick };
      grid: { color: Grid };
      offset: boolean;
    };

  it("labels the time axis for the chart's width, with no grid line where a label is empty", () => {
    const x = xOf(chartConfiguration(spec(), 'x'));
    expect(x.ticks.callback.call({ chart: { width: 599 } }, 0, 1)).toBe('b narrow');
    expect(x.ticks.callback.call({ chart: { width: 600 } }, 0, 1)).toBe('b wide');
    expect(x.grid.color({ index: 0, chart: { width: 390 } })).toBe('transparent');
    expect(x.grid.color({ index: 0, chart: { width: 1280 } })).not.toBe('transparent');
    // The axis's own options stay, and it comes first, as Chart.js lays out scales in order.
    expect(x.offset).toBe(true);
    expect(Object.keys(chartConfiguration(spec(), 'x').options!.scales!)).toEqual(['x', 'y']);
  });

  it('hatches the datasets it names and leaves the others solid', () => {
    const [solid, hatchedSet] = chartConfiguration(spec({ hatched: [1] }), 'x').data.datasets;
    expect(solid!.backgroundColor).toBe('#aa0000');
    // A scriptable option: the pattern is made when the chart is drawn, on its canvas.
    expect(typeof hatchedSet!.backgroundColor).toBe('function');
  });

  it('lists in its tooltip only the datasets it names', () => {
    const withFilter = chartConfiguration(spec({ tooltipDatasets: [0] }), 'x');
    const filter = withFilter.options!.plugins!.tooltip!.filter!;
    const item = (datasetIndex: number) => ({ datasetIndex }) as TooltipItem<ChartType>;
    expect([0, 1].map((index) => filter(item(index), 0, [], {} as never))).toEqual([true, false]);
    expect(withFilter.options!.plugins!.legend).toEqual({ position: 'bottom' });
    expect(chartConfiguration(spec(), 'x').options!.plugins!.tooltip).toBeUndefined();
  });

  it('marks the slots without bars only where the spec has notes', () => {
    expect(chartConfiguration(spec(), 'x').plugins).toEqual([]);
    const noted = chartConfiguration(spec({ slotNotes: [null, 'Zählerwechsel'] }), 'x');
    expect(noted.plugins!.map((plugin) => plugin.id)).toEqual(['slotNotes']);
  });
});
