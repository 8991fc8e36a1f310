import { createFileRoute, Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Paths, ValidityMessages } from '@kundenportal/contract';
import { useCurrentAddress, useCustomerAddresses } from '../features/addresses/api/addresses';
import { AddressBlock } from '../features/addresses/components/address-list';
import { useCurrentBankDetails, useCustomerBankDetails } from '../features/bank/api/bank-details';
import { BankDetailsFacts } from '../features/bank/components/bank-details-list';
import { customerQueryOptions } from '../features/customer/api/get-customer';
import { CustomerFacts } from '../features/customer/components/customer-facts';
import { PendingEmailNotice } from '../features/customer/components/pending-email-notice';
import { ApiError, errorMessage } from '../lib/api-client';
import { PageHeading } from '../ui/page-heading';
import { QueryCard } from '../ui/query-card';
import { CurrentCard } from './-components/current-card';

export const Route = createFileRoute('/daten/uebersicht')({ component: DataOverviewPage });

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
