/**
 * The chart worker: Chart.js lays out and draws the page's charts here, on the canvases the page
 * handed over (OffscreenCanvas), so that a phone's page stays free to answer while a chart is
 * drawn. The page passes on each canvas's size and the pointer's moves (chart-canvas.tsx).
 */
import { BasicPlatform, type Chart, type ChartEvent } from 'chart.js';
import { drawChart } from './chart-drawing';
import type { ChartMessage } from './chart-messages';

type Listener = (event: ChartEvent) => void;
/** What Chart.js listens to a size with ('resize'); its types give every listener an event. */
type SizeListener = (width: number, height: number) => void;

const listeners = new WeakMap<Chart, Map<string, Listener>>();

/**
 * Chart.js's platform for a canvas without a page: its events and size come as messages, and go
 * to the listeners Chart.js leaves here.
 */
class ForwardedEventsPlatform extends BasicPlatform {
  override addEventListener(chart: Chart, type: string, listener: Listener) {
    const own = listeners.get(chart) ?? new Map<string, Listener>();
    own.set(type, listener);
    listeners.set(chart, own);
  }

  override removeEventListener(chart: Chart, type: string) {
    listeners.get(chart)?.delete(type);
  }
}

interface Drawn {
  canvas: OffscreenCanvas;
  chart: Chart;
}

const drawn = new Map<number, Drawn>();

const listenerOf = (chart: Chart | undefined, type: string) =>
  chart && listeners.get(chart)?.get(type);

function handle(message: ChartMessage) {
  switch (message.kind) {
    case 'draw': {
      const known = drawn.get(message.id);
      const canvas = message.canvas ?? known?.canvas;
      if (!canvas) return;
      known?.chart.destroy();
      // Chart.js takes the canvas's size as the chart's, in CSS pixels, and scales it itself.
      canvas.width = message.width;
      canvas.height = message.height;
      const chart = drawChart(canvas, message.spec, {
        fontFamily: message.fontFamily,
        devicePixelRatio: message.devicePixelRatio,
        platform: ForwardedEventsPlatform,
      });
      drawn.set(message.id, { canvas, chart });
      return;
    }
    case 'resize': {
      const known = drawn.get(message.id);
      if (!known) return;
      // A zoom changes the screen's pixels per CSS pixel along with the size.
      known.chart.options.devicePixelRatio = message.devicePixelRatio;
      const resized = listenerOf(known.chart, 'resize') as SizeListener | undefined;
      resized?.(message.width, message.height);
      return;
    }
    case 'pointer': {
      const chart = drawn.get(message.id)?.chart;
      const event: ChartEvent & { chart?: Chart } = {
        type: message.type,
        chart,
        native: { type: message.type } as Event,
        x: message.x,
        y: message.y,
      };
      listenerOf(chart, message.type)?.(event);
      return;
    }
    case 'destroy':
      drawn.get(message.id)?.chart.destroy();
      drawn.delete(message.id);
      return;
  }
}

self.addEventListener('message', (event: MessageEvent<ChartMessage>) => handle(event.data));
