import {
  classifyTariffs,
  deliveryDates,
  formatDate,
  type Contract,
  type KundenArt,
  type Tariff,
  type TariffHistory as TariffHistoryAnswer,
} from '@kundenportal/contract';
import { todayInGermany } from '../../../lib/today';
import { TariffDetails } from './tariff-details';

function TariffSection({
  title,
  tariffs,
  kundenArt,
  note,
}: {
  title: string;
  tariffs: Tariff[];
  kundenArt: KundenArt;
  note?: string;
}) {
  return (
    <section className="card">
      <h2>{title}</h2>
      {note && <p>{note}</p>}
      {tariffs.length === 0 ? (
        <p>Keine Einträge vorhanden.</p>
      ) : (
        <ul className="plain-list">
          {tariffs.map((tariff) => (
            <li key={`${tariff.name}-${tariff.gueltigVon ?? ''}`}>
              <TariffDetails tariff={tariff} kundenArt={kundenArt} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A contract's tariffs: current, future and previous, and those without a start. */
export function TariffHistory({
  contract,
  history,
}: {
  contract: Contract;
  history: TariffHistoryAnswer;
}) {
  const { current, future, previous, undated } = classifyTariffs(
    history.historie,
    contract.lieferbeginn,
    todayInGermany(),
  );
  const { kundenArt } = contract;
  return (
    <>
      <TariffSection
        title="Aktueller Tarif"
        tariffs={current ? [current] : []}
        kundenArt={kundenArt}
      />
      <TariffSection title="Zukünftige Tarife" tariffs={future} kundenArt={kundenArt} />
      <TariffSection title="Vorherige Tarife" tariffs={previous} kundenArt={kundenArt} />
      {undated.length > 0 && (
        <TariffSection {...undatedSection(contract)} tariffs={undated} kundenArt={kundenArt} />
      )}
    </>
  );
}

/**
 * A tariff without a start while the contract has no delivery start: agreed for a delivery that
 * has not begun, or — on a voided contract — never in force. It gets no made-up dates.
 */
function undatedSection(contract: Contract): { title: string; note: string } {
  if (contract.status === 'STORNIERT') {
    return {
      title: 'Nie wirksam gewordene Tarife',
      note: 'Der Vertrag wurde storniert, bevor die Belieferung begann. Diese Tarife sind daher nie wirksam geworden.',
    };
  }
  const start = deliveryDates(contract)[0];
  return {
    title: 'Vereinbarte Tarife ab Lieferbeginn',
    note:
      start?.date !== undefined && start.date !== null
        ? `Diese Tarife gelten ab dem Lieferbeginn, der noch nicht feststeht (${start.label}: ${formatDate(start.date)}).`
        : 'Diese Tarife gelten ab dem Lieferbeginn, der noch nicht feststeht.',
  };
}
