import { useRouter } from '@tanstack/react-router';
import { Alert } from '../../ui/alert';

/** A screen whose data failed to load: the spec's text for it and a way to try again. */
export function LoadError({ message }: { message: string }) {
  const router = useRouter();
  return (
    <section className="card">
      <Alert tone="error">{message}</Alert>
      <button
        type="button"
        className="button button-secondary"
        onClick={() => void router.invalidate()}
      >
        Erneut versuchen
      </button>
    </section>
  );
}
