import { useEffect, useRef } from 'react';
import type { ChartMessage } from './chart-messages';
import type { ChartSpec } from './chart-spec';

/** A chart on its canvas: drawn anew from a spec, gone with its canvas. */
interface DrawnChart {
  draw(spec: ChartSpec): void;
  destroy(): void;
}

let worker: Worker | undefined;
let nextChartId = 0;

/** The chart worker, started with the page's first chart; every later chart shares it. */
const chartWorker = () =>
  (worker ??= new Worker(new URL('./chart-worker.ts', import.meta.url), {
    type: 'module',
    name: 'diagramme',
  }));

const pageFont = () => getComputedStyle(document.body).fontFamily;

/**
 * The canvas handed to the chart worker: the page measures it, passes on its size when that
 * changes and the pointer's moves over it (a frame's last move only), and the worker draws.
 */
function drawnInWorker(canvas: HTMLCanvasElement): DrawnChart {
  const id = nextChartId++;
  const post = (message: ChartMessage, transfer: Transferable[] = []) =>
    chartWorker().postMessage(message, transfer);
  let offscreen: OffscreenCanvas | undefined = canvas.transferControlToOffscreen();
  const resized = new ResizeObserver(([entry]) => {
    if (!entry || offscreen) return;
    const { width, height } = entry.contentRect;
    post({ kind: 'resize', id, width, height, devicePixelRatio });
  });
  let move: PointerEvent | undefined;
  let frame = 0;
  const pointerMoved = (event: PointerEvent) => {
    move = event;
    frame ||= requestAnimationFrame(() => {
      frame = 0;
      if (move) post({ kind: 'pointer', id, type: 'mousemove', x: move.offsetX, y: move.offsetY });
    });
  };
  // A finger that lifts leaves the tooltip it asked for; a mouse that leaves takes it away.
  const pointerLeft = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') post({ kind: 'pointer', id, type: 'mouseout', x: 0, y: 0 });
  };
  const clicked = (event: MouseEvent) =>
    post({ kind: 'pointer', id, type: 'click', x: event.offsetX, y: event.offsetY });
  canvas.addEventListener('pointermove', pointerMoved);
  canvas.addEventListener('pointerleave', pointerLeft);
  canvas.addEventListener('click', clicked);
  return {
    draw(spec) {
      post(
        {
          kind: 'draw',
          id,
          canvas: offscreen,
          spec,
          width: canvas.clientWidth,
          height: canvas.clientHeight,
          devicePixelRatio,
          fontFamily: pageFont(),
        },
        offscreen ? [offscreen] : [],
      );
      if (offscreen) resized.observe(canvas);
      offscreen = undefined;
    },
    destroy() {
      resized.disconnect();
      cancelAnimationFrame(frame);
      canvas.removeEventListener('pointermove', pointerMoved);
      canvas.removeEventListener('pointerleave', pointerLeft);
      canvas.removeEventListener('click', clicked);
      post({ kind: 'destroy', id });
    },
  };
}

/** Where a canvas cannot be handed to a worker: Chart.js on the page, loaded with the first. */
function drawnOnPage(canvas: HTMLCanvasElement): DrawnChart {
  let chart: { destroy(): void } | undefined;
  let gone = false;
  return {
    draw(spec) {
      void import('./chart-drawing').then(({ drawChart }) => {
        if (gone) return;
        chart?.destroy();
        chart = drawChart(canvas, spec, { fontFamily: pageFont() });
      });
    },
    destroy() {
      gone = true;
      chart?.destroy();
    },
  };
}

/**
 * The canvas of a ChartFigure, an image named `label`. Its chart is drawn by the chart worker
 * where the browser can hand a canvas over (every current one), else on the page; drawn again
 * only when its spec changes, not with every render of its page.
 */
export function ChartCanvas({ label, spec }: { label: string; spec: ChartSpec }) {
  const hostRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<{ canvas: HTMLCanvasElement; drawn: DrawnChart }>(null);
  const specText = JSON.stringify(spec);
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    // A canvas of its own for each mount: one handed to the worker is the worker's for good.
    const canvas = document.createElement('canvas');
    canvas.setAttribute('role', 'img');
    host.append(canvas);
    const drawn =
      'transferControlToOffscreen' in canvas ? drawnInWorker(canvas) : drawnOnPage(canvas);
    chartRef.current = { canvas, drawn };
    return () => {
      chartRef.current = null;
      drawn.destroy();
      canvas.remove();
    };
  }, []);
  useEffect(() => {
    chartRef.current?.canvas.setAttribute('aria-label', label);
  }, [label]);
  useEffect(() => {
    chartRef.current?.drawn.draw(JSON.parse(specText) as ChartSpec);
  }, [specText]);
  return <div ref={hostRef} className="chart-host" />;
}
