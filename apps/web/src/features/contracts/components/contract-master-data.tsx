import {
  anmeldungsartExplanation,
  CONTRACT_STATUS_LABELS,
  formatDate,
  KUNDEN_ART_LABELS,
  versorgungsartLabel,
  type Contract,
} from '@kundenportal/contract';
import { Explained } from '../../../ui/explained';
import { Facts } from '../../../ui/facts';

const day = (value: string | null) => (value ? formatDate(value) : null);

export const deliveryAddress = ({ lieferadresse: a }: Contract) =>
  `${a.strasse} ${a.hausnummer}, ${a.plz} ${a.ort}`;

export function ContractMasterData({ contract }: { contract: Contract }) {
  return (
    <Facts
      facts={[
        { label: 'Vertragsnummer', value: String(contract.id) },
        { label: 'Versorgungsart', value: versorgungsartLabel(contract.versorgungsart) },
        { label: 'Status', value: <StatusBadge contract={contract} /> },
        { label: 'Kundenart', value: KUNDEN_ART_LABELS[contract.kundenArt] },
        {
          label: 'Anmeldungsart',
          value: contract.anmeldungsart && (
            <Explained
              term={contract.anmeldungsart}
              explanation={anmeldungsartExplanation(contract.anmeldungsart)}
            />
          ),
        },
        { label: 'Lieferadresse', value: deliveryAddress(contract) },
        { label: 'Gewünschter Lieferbeginn', value: day(contract.gewuenschterLieferbeginn) },
        { label: 'Lieferbeginn', value: day(contract.lieferbeginn) },
        { label: 'Gewünschtes Lieferende', value: day(contract.gewuenschtesLieferende) },
        { label: 'Lieferende', value: day(contract.lieferende) },
      ]}
    />
  );
}

export function StatusBadge({ contract }: { contract: Contract }) {
  return (
    <span className={`status status-${contract.status.toLowerCase()}`}>
      {CONTRACT_STATUS_LABELS[contract.status]}
    </span>
  );
}
