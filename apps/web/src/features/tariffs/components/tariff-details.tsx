import {
  formatCentPerKwh,
  formatDate,
  formatEuro,
  formatPercent,
  PRICE_MODEL_LABELS,
  showsGrossPrices,
  type KundenArt,
  type Tariff,
} from '@kundenportal/contract';
import { Facts } from '../../../ui/facts';

const cent = (value: number | null) => (value === null ? null : formatCentPerKwh(value));

/** One tariff; prices labelled brutto or netto as spec §6 says. */
export function TariffDetails({ tariff, kundenArt }: { tariff: Tariff; kundenArt: KundenArt }) {
  const basis = showsGrossPrices(tariff.tariftyp, kundenArt) ? 'brutto' : 'netto';
  const hasNightTariff = tariff.arbeitspreisNT !== null;
  const validity = [
    tariff.gueltigVon ? `ab ${formatDate(tariff.gueltigVon)}` : null,
    tariff.gueltigBis ? `bis ${formatDate(tariff.gueltigBis)}` : null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Facts
      facts={[
        { label: 'Tarif', value: tariff.name },
        { label: 'Preismodell', value: PRICE_MODEL_LABELS[tariff.tariftyp] },
        {
          label: `${hasNightTariff ? 'Arbeitspreis HT' : 'Arbeitspreis'} (${basis})`,
          value: cent(tariff.arbeitspreis),
        },
        { label: `Arbeitspreis NT (${basis})`, value: cent(tariff.arbeitspreisNT) },
        {
          label: 'Anteil NT',
          value: tariff.anteilNt === null ? null : formatPercent(tariff.anteilNt),
        },
        {
          label: `Durchschnittlicher Arbeitspreis Vormonat (${basis})`,
          value: cent(tariff.durchschnittlicherArbeitspreisVormonat),
        },
        {
          label: `Durchschnittlicher Arbeitspreis gesamt (${basis})`,
          value: cent(tariff.durchschnittlicherArbeitspreisGesamt),
        },
        {
          label: `Grundpreis (${basis})`,
          value: tariff.grundpreis === null ? null : `${formatEuro(tariff.grundpreis)} pro Jahr`,
        },
        { label: 'Preisgarantie', value: tariff.preisgarantietyp },
        { label: 'Gültigkeit', value: validity },
      ]}
    />
  );
}
