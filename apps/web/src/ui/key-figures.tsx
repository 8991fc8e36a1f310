import './charts/charts.css';

export interface KeyFigure {
  label: string;
  /** The figure with its unit; a figure without a value is left out. */
  value: string | null;
  /** A line under the figure that says what it belongs to, e.g. the hour of a price. */
  detail?: string;
}

/** A few figures as tiles above what they sum up: the label small, the figure large. */
export function KeyFigures({ figures }: { figures: KeyFigure[] }) {
  return (
    <dl className="key-figures">
      {figures
        .filter((figure) => figure.value !== null)
        .map((figure) => (
          <div key={figure.label} className="key-figure">
            <dt>{figure.label}</dt>
            <dd>
              {figure.value}
              {figure.detail && <span className="key-figure-detail">{figure.detail}</span>}
            </dd>
          </div>
        ))}
    </dl>
  );
}
