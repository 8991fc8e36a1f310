import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import {
  CONTRACT_STATUS_GROUPS,
  deliveryDates,
  formatDate,
  versorgungsartLabel,
  type Contract,
} from '@kundenportal/contract';
import { deliveryAddress, StatusBadge } from './contract-master-data';

const dateLine = (contract: Contract) =>
  deliveryDates(contract)
    .map(({ label, date }) => (date ? `${label} ${formatDate(date)}` : label))
    .join(' · ');

/**
 * The visible words first, then the contract number for screen readers only, so that the
 * accessible name contains what is seen (WCAG 2.5.3).
 */
function ContractLink({
  to,
  id,
  className,
  children,
}: {
  to: '/vertrag/$id/detail' | '/vertrag/$id/kuendigen';
  id: number;
  className: string;
  children: ReactNode;
}) {
  return (
    <Link to={to} params={{ id }} className={className}>
      {children}
      <span className="visually-hidden"> (Vertrag {id})</span>
    </Link>
  );
}

/** The frame of a contract card, styled by status group once the contract is known. */
export function ContractCardFrame({
  id,
  heading,
  group,
  badge,
  children,
}: {
  id: number;
  heading: string;
  group?: string;
  badge?: ReactNode;
  children: ReactNode;
}) {
  const titleId = `vertrag-${id}`;
  return (
    <article
      className={`card contract-card${group ? ` contract-${group}` : ''}`}
      aria-labelledby={titleId}
    >
      <div className="card-header">
        <h2 id={titleId}>{heading}</h2>
        {badge}
      </div>
      {children}
    </article>
  );
}

/** A contract's card; "Vertrag kündigen" only while it may be cancelled. */
export function ContractCard({ contract, mayCancel }: { contract: Contract; mayCancel: boolean }) {
  return (
    <ContractCardFrame
      id={contract.id}
      heading={`${versorgungsartLabel(contract.versorgungsart)} · Vertrag ${contract.id}`}
      group={CONTRACT_STATUS_GROUPS[contract.status]}
      badge={<StatusBadge contract={contract} />}
    >
      <p>{deliveryAddress(contract)}</p>
      <p className="muted">{dateLine(contract)}</p>
      <div className="card-actions">
        <ContractLink to="/vertrag/$id/detail" id={contract.id} className="button button-secondary">
          Details
        </ContractLink>
        {mayCancel && (
          <ContractLink to="/vertrag/$id/kuendigen" id={contract.id} className="text-action">
            Vertrag kündigen
          </ContractLink>
        )}
      </div>
    </ContractCardFrame>
  );
}
