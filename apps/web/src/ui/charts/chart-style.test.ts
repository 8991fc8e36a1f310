import { describe, expect, it } from 'vitest';
import { NOTE_SLOT_COLOR, slotNotes } from './chart-style';

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
    slotNotes([null, 'Zählerwechsel oder Korrektur', null]).beforeDatasetsDraw(
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
    slotNotes(['Zählerwechsel oder Korrektur']).beforeDatasetsDraw(chartOf(context, 1, 80));
    // Band 64 px: "Zählerwechsel" (13 characters) is 78 px at 12 px, 65 at 10: the smallest.
    expect(drawn.fonts.at(-1)).toMatch(/^10px /);
    expect(drawn.texts.map(([text]) => text)).toEqual(['Zählerwechsel', 'oder', 'Korrektur']);
    expect(drawn.texts.map(([, , y]) => y)).toEqual([28, 42, 56]);
  });
});
