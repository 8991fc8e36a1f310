import { createFileRoute, Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import {
  ANREDE_LABELS,
  formatDate,
  kundennummerText,
  nextValidFrom,
  overviewHints,
  overviewHintText,
  Paths,
  ValidityMessages,
  type Customer,
} from '@kundenportal/contract';
import { mandant } from '../config/mandant';
import { useCurrentAddress, useCustomerAddresses } from '../features/addresses/api/addresses';
import { AddressBlock } from '../features/addresses/components/address-list';
import { useCurrentBankDetails, useCustomerBankDetails } from '../features/bank/api/bank-details';
import { BankDetailsFacts } from '../features/bank/components/bank-details-list';
import { customerQueryOptions } from '../features/customer/api/get-customer';
import { PendingEmailNotice } from '../features/customer/components/pending-email-notice';
import { ApiError, errorMessage } from '../lib/api-client';
import { todayInGermany } from '../lib/today';
import { Alert } from '../ui/alert';
import { Facts } from '../ui/facts';
import { PageHeading } from '../ui/page-heading';
import { QueryCard } from '../ui/query-card';
import { Skeleton } from '../ui/skeleton';

export const Route = createFileRoute('/daten/uebersicht')({ component: DataOverviewPage });

const LIST_ERROR = 'Es ist ein unbekannter Fehler aufgetreten.';
// Only the e-mail says that it is missing: without it no password can be reset. Other empty
// rows are left out.
const NOT_SET = 'nicht hinterlegt';

function CustomerFacts({ customer }: { customer: Customer }) {
  return (
    <Facts
      facts={[
        { label: 'Kundennummer', value: kundennummerText(mandant, customer.kundennummer) },
        { label: 'Anrede', value: ANREDE_LABELS[customer.anrede] },
        { label: 'Titel', value: customer.titel },
        {
          label: 'Name',
          value: [customer.vorname, customer.nachname].filter(Boolean).join(' '),
        },
        { label: 'Firma', value: customer.firma },
        {
          label: 'Geburtsdatum',
          value: customer.geburtsdatum ? formatDate(customer.geburtsdatum) : null,
        },
        { label: 'E-Mail', value: customer.email ?? NOT_SET },
        { label: 'Festnetz', value: customer.festnetz },
        { label: 'Mobil', value: customer.mobil },
        { label: 'Fax', value: customer.fax },
      ]}
    />
  );
}

type RowsQuery = UseQueryResult<
  { gueltigVon: string; gueltigBis: string | null; vertragId: number | null }[]
>;
type RowKind = 'rechnungsadresse' | 'bankverbindung';

/** The info hints of spec §2.4 for one kind of rows, once the list has loaded. */
function hintsOf(rows: RowsQuery, kind: RowKind) {
  if (!rows.data) return [];
  const today = todayInGermany();
  return overviewHints(rows.data, today).map((hint) => ({
    hint,
    text: overviewHintText(hint, kind, nextValidFrom(rows.data, today)),
  }));
}

/**
 * A card with the current entry, or the text of spec §8.5 when there is none (404), the hints
 * and the actions; a failed load shows the red error and the card's reload.
 */
function CurrentCard<T>({
  title,
  query,
  list,
  kind,
  noneText,
  children,
  actions,
}: {
  title: string;
  query: UseQueryResult<T>;
  list: RowsQuery;
  kind: RowKind;
  noneText: string;
  children: (data: T) => ReactNode;
  actions: ReactNode;
}) {
  const none = query.error instanceof ApiError && query.error.status === 404;
  const fetching = query.isFetching || list.isFetching;
  const hints = hintsOf(list, kind);
  // With nothing at all, the "none registered" hint joins the §8.5 text in one box.
  const nothing = none ? hints.find(({ hint }) => hint === 'keine') : undefined;
  return (
    <section className="card" aria-busy={fetching || undefined}>
      <h2>{title}</h2>
      {query.isPending ? (
        <Skeleton lines={3} />
      ) : none ? (
        <Alert tone="info">
          <span className="line">{noneText}</span>
          {nothing && <span className="line">{nothing.text}</span>}
        </Alert>
      ) : query.isError ? (
        <Alert tone="error">{errorMessage(query.error, LIST_ERROR)}</Alert>
      ) : (
        children(query.data)
      )}
      {list.isError && <Alert tone="error">{errorMessage(list.error, LIST_ERROR)}</Alert>}
      {((query.isError && !none) || list.isError) && (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            void query.refetch();
            void list.refetch();
          }}
          disabled={fetching}
        >
          {title} neu laden
        </button>
      )}
      {hints
        .filter((shown) => shown !== nothing)
        .map(({ hint, text }) => (
          <Alert key={hint} tone="info">
            {text}
          </Alert>
        ))}
      <div className="button-row">{actions}</div>
    </section>
  );
}

function DataOverviewPage() {
  const customer = useQuery(customerQueryOptions());
  const address = useCurrentAddress();
  const addresses = useCustomerAddresses();
  const bank = useCurrentBankDetails();
  const banks = useCustomerBankDetails();
  const noCurrentBank = bank.error instanceof ApiError && bank.error.status === 404;

  return (
    <>
      <PageHeading>Datenübersicht</PageHeading>
      <QueryCard
        title="Kundendaten"
        query={customer}
        // About the facts of a household and the button below them: the cards below stay put.
        skeletonLines={11}
        errorText={(error) =>
          errorMessage(error, 'Beim Laden der Kontaktdaten ist ein Fehler aufgetreten.')
        }
      >
        {(data) => (
          <>
            <CustomerFacts customer={data} />
            <PendingEmailNotice />
            <div className="button-row">
              <Link to={Paths.editContact} className="button button-secondary">
                Kontaktdaten bearbeiten
              </Link>
            </div>
          </>
        )}
      </QueryCard>

      <CurrentCard
        title="Aktuelle Rechnungsadresse"
        query={address}
        list={addresses}
        kind="rechnungsadresse"
        noneText={ValidityMessages.noCurrentAddress}
        actions={
          <>
            <Link to={Paths.editBillingAddress} className="button button-secondary">
              Rechnungsadresse bearbeiten
            </Link>
            <Link to={Paths.billingAddresses} className="button button-secondary">
              Alle Rechnungsadressen anzeigen
            </Link>
          </>
        }
      >
        {(data) => <AddressBlock address={data} />}
      </CurrentCard>

      <CurrentCard
        title="Aktuelle Bankverbindung"
        query={bank}
        list={banks}
        kind="bankverbindung"
        noneText={ValidityMessages.noCurrentBankDetails}
        actions={
          <>
            {noCurrentBank ? (
              <Link to={Paths.editBankDetails} className="button">
                Neue Bankverbindung anlegen
              </Link>
            ) : (
              <Link to={Paths.editBankDetails} className="button button-secondary">
                Bankverbindung bearbeiten
              </Link>
            )}
            <Link to={Paths.bankDetails} className="button button-secondary">
              Alle Bankverbindungen anzeigen
            </Link>
          </>
        }
      >
        {(data) => <BankDetailsFacts entry={data} />}
      </CurrentCard>
    </>
  );
}
