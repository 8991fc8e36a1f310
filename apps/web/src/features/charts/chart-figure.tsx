import { useId, type ReactNode } from 'react';

export interface ChartTable {
  columns: string[];
  rows: { key: string; cells: string[] }[];
}

/**
 * A chart with its text alternative (WCAG 1.1.1): the caption names it, and its values are a
 * table that the keyboard and a screen reader reach ("Werte als Tabelle"); the canvas itself
 * is an image (react-chartjs-2's role img) that its chart names with the caption.
 */
export function ChartFigure({
  caption,
  description,
  table,
  children,
}: {
  caption: string;
  description?: ReactNode;
  table: ChartTable;
  children: ReactNode;
}) {
  const captionId = useId();
  return (
    <figure className="chart-figure" aria-labelledby={captionId}>
      <figcaption id={captionId} className="chart-caption">
        {caption}
      </figcaption>
      {description}
      <div className="chart-canvas">{children}</div>
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
