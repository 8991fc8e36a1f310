/**
 * Chart.js with the parts our charts use. Imported only by chart-canvas.tsx, loaded when a chart
 * is first drawn.
 */
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
} from 'chart.js';

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
// The page's own font stack: a canvas takes no 'inherit' ("12px inherit" is refused, and the
// canvas falls back to 10 px sans-serif, which every tick and legend then used).
Chart.defaults.font.family = getComputedStyle(document.body).fontFamily;
// Ticks and legends readable on a phone: 12 px in the page's text colour, not 10 px light grey.
Chart.defaults.font.size = 12;
Chart.defaults.color = '#33404d';
// Drawn once, not in sixty frames: each frame was main-thread work on a phone (Lighthouse's
// blocking time on the history page), and values that glide in say nothing more.
Chart.defaults.animation = false;
Chart.defaults.locale = 'de-DE';
