import { Chart, type ChartProps } from 'react-chartjs-2';
import './chart-setup';

/** The canvas of a ChartFigure: Chart.js, loaded with this module only when a chart is drawn. */
export default function ChartCanvas(props: ChartProps) {
  return <Chart {...props} />;
}
