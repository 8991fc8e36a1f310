import { Link } from '@tanstack/react-router';
import {
  formatCentPerKwh,
  formatDate,
  formatDateTime,
  formatMeterReading,
  formatTime,
  isPriceStillCurrent,
  meterChannelName,
  summaryStatusText,
  tariffChangeText,
  versorgungsartLabel,
  type ContractSummary,
} from '@kundenportal/contract';
import { Facts } from '../../../ui/facts';

type Reading = NonNullable<ContractSummary['letzteAblesung']>;

/** "16.101,7 kWh am 31.12.2025"; with two channels each by its name, on a line of its own. */
function ReadingValue({ reading }: { reading: Reading }) {
  const values = reading.werte.map((value) => {
    const channel = meterChannelName(value.obiskennzahl);
    const number = formatMeterReading(value.obiskennzahl, value.ablesewert, value.nachkommastellen);
    return reading.werte.length > 1 ? `${channel.name}: ${number}` : number;
  });
  const date = `am ${formatDate(reading.ablesedatum)}`;
  if (values.length === 1) return <>{`${values[0]} ${date}`}</>;
  return (
    <>
      {values.map((value) => (
        <span key={value} className="line">
          {value}
        </span>
      ))}
      <span className="line">{date}</span>
    </>
  );
}

/** The price of now; a price loaded earlier (offline, or a page left open) as what it is. */
function priceFact(price: ContractSummary['preisJetzt'], basis: string, now: Date) {
  if (!price) return { label: `Preis jetzt (${basis})`, value: null };
  const cents = <strong>{formatCentPerKwh(price.preis)}</strong>;
  if (isPriceStillCurrent(price.von, now))
    return {
      label: `Preis jetzt (${basis})`,
      value: (
        <>
          {cents} seit {formatTime(price.von)} Uhr
        </>
      ),
    };
  return {
    label: `Zuletzt geladener Preis (${basis})`,
    value: (
      <>
        {cents} ab {formatDateTime(price.von)}
      </>
    ),
  };
}

/** One supplied contract at a glance, with the way to its details. */
export function ContractSummaryCard({
  summary,
  now = new Date(),
}: {
  summary: ContractSummary;
  now?: Date;
}) {
  const { vertragId: id, tarif } = summary;
  const titleId = `uebersicht-${id}`;
  const basis = tarif?.brutto ? 'brutto' : 'netto';
  return (
    <article className="card summary-card" aria-labelledby={titleId}>
      <h2 id={titleId}>
        {versorgungsartLabel(summary.versorgungsart)} · Vertrag {id}
      </h2>
      <p className="muted summary-address">{summary.lieferadresse}</p>
      <Facts
        facts={[
          {
            label: 'Status',
            value: summaryStatusText(summary),
          },
          { label: 'Tarif', value: tarif?.name ?? 'Kein Tarif hinterlegt' },
          priceFact(summary.preisJetzt, basis, now),
          {
            label: 'Letzte Ablesung',
            value: summary.letzteAblesung ? (
              <ReadingValue reading={summary.letzteAblesung} />
            ) : (
              'noch keine'
            ),
          },
          {
            label: 'Tarifwechsel',
            value: summary.naechsterTarif && tariffChangeText(tarif, summary.naechsterTarif),
          },
          {
            label: 'Neuestes Dokument',
            value: summary.neuestesDokument && (
              <>
                <Link to="/dokumente">{summary.neuestesDokument.beschreibung}</Link> vom{' '}
                {formatDate(summary.neuestesDokument.erstellzeitpunkt)}
              </>
            ),
          },
        ]}
      />
      <Link to="/vertrag/$id/detail" params={{ id }} className="button button-secondary">
        Vertragsdetails<span className="visually-hidden"> (Vertrag {id})</span>
      </Link>
    </article>
  );
}
