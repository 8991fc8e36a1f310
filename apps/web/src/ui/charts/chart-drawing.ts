import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type BasePlatform,
} from 'chart.js';
import { chartConfiguration } from './chart-config';
import type { ChartSpec } from './chart-spec';

// Chart.js with the parts our charts use.
Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);
// Ticks and legends readable on a phone: 12 px in the page's text colour, not 10 px light grey.
Chart.defaults.font.size = 12;
Chart.defaults.color = '#33404d';
// Drawn once, not in sixty frames: each frame was work on a phone's busy cores, and values that
// glide in say nothing more.
Chart.defaults.animation = false;
// Every chart fills the height its figure keeps for it (charts.css), whatever its width.
Chart.defaults.maintainAspectRatio = false;
Chart.defaults.locale = 'de-DE';

export interface Drawing {
  /**
   * The page's font stack: a canvas takes no 'inherit' ("12px inherit" is refused, and the
   * canvas falls back to 10 px sans-serif), and the worker has no page to ask.
   */
  fontFamily: string;
  /** The screen's pixels per CSS pixel, where Chart.js cannot ask the window (the worker). */
  devicePixelRatio?: number;
  /** How Chart.js reaches the canvas's events and size, where not through the page (the worker). */
  platform?: typeof BasePlatform;
}

/** Draws the chart `spec` describes on `canvas`, on the page or in the chart worker. */
export function drawChart(
  canvas: HTMLCanvasElement | OffscreenCanvas,
  spec: ChartSpec,
  { fontFamily, devicePixelRatio, platform }: Drawing,
) {
  Chart.defaults.font.family = fontFamily;
  const config = chartConfiguration(spec, fontFamily);
  // Chart.js draws on an OffscreenCanvas as well (its BasicPlatform); its types name only the page's.
  return new Chart(canvas as HTMLCanvasElement, {
    ...config,
    ...(platform && { platform }),
    options: { ...config.options, ...(devicePixelRatio && { devicePixelRatio }) },
  });
}
