import { Link, useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Messages, Paths } from '@kundenportal/contract';
import { errorMessage } from '../../lib/api-client';
import { todayInGermany } from '../../lib/today';
import { PageHeading } from '../../ui/page-heading';
import { QueryCard } from '../../ui/query-card';
import {
  ValidityList,
  ValidityRows,
  type Validity,
  type ValidityKind,
} from '../../ui/validity-rows';

const LIST_ERROR = Messages.unknownError;

/**
 * The page of /rechnungsadressen and /bankverbindungen: every row the customer has had, general
 * and per contract; read only.
 */
export function allValidityRowsPage<Row extends Validity, Input>(kind: ValidityKind<Row, Input>) {
  const { many } = kind.names;
  return function AllValidityRowsPage() {
    const rows = useQuery(kind.api.customerRows());
    return (
      <>
        <PageHeading>{`Alle ${many}`}</PageHeading>
        <QueryCard title={many} query={rows} errorText={(error) => errorMessage(error, LIST_ERROR)}>
          {(data) => (
            <ValidityList
              kind={kind}
              rows={data}
              emptyText={`Es sind keine ${many} hinterlegt.`}
              showScope
            />
          )}
        </QueryCard>
        <Link to={Paths.dataOverview} className="button button-secondary">
          Zurück zur Datenübersicht
        </Link>
      </>
    );
  };
}

/**
 * The page of /vertrag/{id}/rechnungsadressen and /vertrag/{id}/bankverbindungen: the contract's
 * own rows with their actions, and the way to a new one.
 */
export function contractValidityRowsPage<Row extends Validity, Input>(
  kind: ValidityKind<Row, Input>,
  from: '/vertrag/$id/rechnungsadressen' | '/vertrag/$id/bankverbindungen',
  newRow: '/vertrag/$id/rechnungsadresse/editieren' | '/vertrag/$id/bankverbindungen/editieren',
) {
  const { one, many } = kind.names;
  return function ContractValidityRowsPage() {
    // The id the contracts' parent route parsed.
    const { id: contractId } = useParams({ from });
    const rows = useQuery(kind.api.contractRows(contractId));
    const vertrag = { id: contractId };
    return (
      <>
        <PageHeading>{`${many} für Vertrag ${contractId}`}</PageHeading>
        <QueryCard title={many} query={rows} errorText={(error) => errorMessage(error, LIST_ERROR)}>
          {(data) => <ValidityRows kind={kind} contractId={contractId} rows={data} />}
        </QueryCard>
        <div className="button-row">
          <Link to={newRow} params={vertrag} className="button">
            {`Neue ${one} anlegen`}
          </Link>
          <Link to="/vertrag/$id/detail" params={vertrag} className="button button-secondary">
            Zurück zum Vertrag
          </Link>
        </div>
      </>
    );
  };
}

/** Entries valid today or later: what the customer has to know of. */
const notEnded = <T extends { gueltigBis: string | null }>(rows: T[]) => {
  const today = todayInGermany();
  return rows.filter((row) => row.gueltigBis === null || row.gueltigBis >= today);
};

/** A contract page's card of its own rows that are valid today or later, read only. */
export function ContractValidityCard<Row extends Validity, Input>({
  kind,
  contractId,
  title,
  emptyText,
}: {
  kind: ValidityKind<Row, Input>;
  contractId: number;
  title: string;
  emptyText: string;
}) {
  const rows = useQuery(kind.api.contractRows(contractId));
  return (
    <QueryCard title={title} query={rows} errorText={(error) => errorMessage(error, LIST_ERROR)}>
      {(data) => <ValidityList kind={kind} rows={notEnded(data)} emptyText={emptyText} />}
    </QueryCard>
  );
}
