import { useId, type ReactNode } from 'react';
import { ChartCanvas } from './chart-canvas';
import type { ChartSpec } from './chart-spec';
import { useAfterFirstPaint } from './use-after-first-paint';
import './charts.css';

export interface ChartTable {
  columns: string[];
  rows: { key: string; cells: string[] }[];
}

/**
 * A chart with its text alternative (WCAG 1.1.1): the caption names it, and its values are a
 * table that the keyboard and a screen reader reach ("Werte als Tabelle"); the canvas itself
 * is an image named with the caption. The chart is drawn after the page's first paint, in the
 * space kept for it (see useAfterFirstPaint), by the chart worker with Chart.js (60 kB
 * compressed), which loads only then: the page's text comes first, and its thread stays free.
 */
export function ChartFigure({
  caption,
  description,
  table,
  chart,
  panels = false,
}: {
  caption: string;
  description?: ReactNode;
  /** Measures in panels one above the other: a taller canvas. */
  panels?: boolean;
  table: ChartTable;
  /** Chart.js's type, data and options, as data alone (ChartSpec). */
  chart: ChartSpec;
}) {
  const captionId = useId();
  const drawChart = useAfterFirstPaint();
  return (
    <figure className="chart-figure" aria-labelledby={captionId}>
      <figcaption id={captionId} className="chart-caption">
        {caption}
      </figcaption>
      {description}
      <div className={panels ? 'chart-canvas chart-canvas-panels' : 'chart-canvas'}>
        {drawChart && <ChartCanvas label={caption} spec={chart} />}
      </div>
      <details className="chart-data">
        <summary>Werte als Tabelle</summary>
        <div className="table-scroll">
          <table className="table table-stack">
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                {table.columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={row.key}>
                  {row.cells.map((cell, index) => (
                    <td key={table.columns[index]} data-label={table.columns[index]}>
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
