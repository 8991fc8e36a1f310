export function Spinner({ label = 'Wird geladen …' }: { label?: string }) {
  return (
    <div className="spinner" role="status">
      <span className="spinner-wheel" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
