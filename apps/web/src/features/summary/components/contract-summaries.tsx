import { Link } from '@tanstack/react-router';
import { Paths, SUMMARY_FAILED_MESSAGE } from '@kundenportal/contract';
import { errorMessage } from '../../../lib/api-client';
import { Alert } from '../../../ui/alert';
import { SkeletonCard } from '../../../ui/skeleton';
import { useSummary } from '../api/get-summary';
import { ContractSummaryCard } from './contract-summary-card';

/** One card per supplied contract, from one call; grey cards while it loads. */
export function ContractSummaries() {
  const summary = useSummary();
  return (
    <section
      className="summary-section"
      aria-labelledby="ihre-vertraege"
      aria-busy={summary.isFetching || undefined}
    >
      <h2 id="ihre-vertraege" className="section-heading">
        Ihre Verträge auf einen Blick
      </h2>
      {summary.isPending ? (
        <div className="card-list">
          <SkeletonCard lines={4} />
          <SkeletonCard lines={4} />
        </div>
      ) : summary.isError ? (
        <section className="card">
          <Alert tone="error">{errorMessage(summary.error, SUMMARY_FAILED_MESSAGE)}</Alert>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void summary.refetch()}
            disabled={summary.isFetching}
          >
            Übersicht neu laden
          </button>
        </section>
      ) : summary.data.vertraege.length === 0 ? (
        <p className="card">
          Zurzeit wird keiner Ihrer Verträge beliefert.{' '}
          <Link to={Paths.contracts}>Alle Verträge ansehen</Link>
        </p>
      ) : (
        <div className="card-list">
          {summary.data.vertraege.map((contract) => (
            <ContractSummaryCard key={contract.vertragId} summary={contract} />
          ))}
        </div>
      )}
    </section>
  );
}
