import type { ChartSpec } from './chart-spec';

/** The pointer's events that a chart answers (Chart.js's own names): tooltip and legend. */
type ChartPointerEvent = 'mousemove' | 'mouseout' | 'click';

/** What the page tells the chart worker about a chart, `id` naming it. */
export type ChartMessage =
  | {
      kind: 'draw';
      id: number;
      /** The canvas, with the first drawing of the chart; afterwards the worker has it. */
      canvas?: OffscreenCanvas;
      spec: ChartSpec;
      /** The canvas's size in CSS pixels. */
      width: number;
      height: number;
      devicePixelRatio: number;
      fontFamily: string;
    }
  | { kind: 'resize'; id: number; width: number; height: number; devicePixelRatio: number }
  | { kind: 'pointer'; id: number; type: ChartPointerEvent; x: number; y: number }
  | { kind: 'destroy'; id: number };
