import { Link } from '@tanstack/react-router';
import {
  CONTRACT_STATUS_GROUPS,
  formatDate,
  versorgungsartLabel,
  type Contract,
} from '@kundenportal/contract';
import { deliveryAddress, StatusBadge } from './contract-master-data';

/** A card styled by status group; "Vertrag kündigen" only while it may be cancelled. */
export function ContractCard({ contract, mayCancel }: { contract: Contract; mayCancel: boolean }) {
  const titleId = `vertrag-${contract.id}`;
  const start = contract.lieferbeginn ?? contract.gewuenschterLieferbeginn;
  const end = contract.lieferende ?? contract.gewuenschtesLieferende;
  return (
    <article
      className={`card contract-card contract-${CONTRACT_STATUS_GROUPS[contract.status]}`}
      aria-labelledby={titleId}
    >
      <div className="card-header">
        <h2 id={titleId}>
          {versorgungsartLabel(contract.versorgungsart)} · Vertrag {contract.id}
        </h2>
        <StatusBadge contract={contract} />
      </div>
      <p>{deliveryAddress(contract)}</p>
      <p className="muted">
        {start ? `Lieferbeginn ${formatDate(start)}` : 'Lieferbeginn noch offen'}
        {end ? ` · Lieferende ${formatDate(end)}` : ''}
      </p>
      <div className="card-actions">
        <Link
          to="/vertrag/$id/detail"
          params={{ id: String(contract.id) }}
          className="button button-secondary"
          aria-label={`Details zu Vertrag ${contract.id}`}
        >
          Details
        </Link>
        {mayCancel && (
          <Link
            to="/vertrag/$id/kuendigen"
            params={{ id: String(contract.id) }}
            className="button button-danger"
            aria-label={`Vertrag ${contract.id} kündigen`}
          >
            Vertrag kündigen
          </Link>
        )}
      </div>
    </article>
  );
}
