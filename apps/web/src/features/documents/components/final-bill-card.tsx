import { DOCUMENTS_FAILED_MESSAGE } from '@kundenportal/contract';
import { errorMessage } from '../../../lib/api-client';
import { QueryCard } from '../../../ui/query-card';
import { useDocuments } from '../api/get-documents';
import { FinalBill } from './final-bill';

/** An ended contract's final bill, from the customer's documents. */
export function FinalBillCard({ contractId }: { contractId: number }) {
  const documents = useDocuments();
  return (
    <QueryCard
      title="Schlussrechnung"
      query={documents}
      errorText={(error) => errorMessage(error, DOCUMENTS_FAILED_MESSAGE)}
    >
      {(data) => <FinalBill documents={data} contractId={contractId} />}
    </QueryCard>
  );
}
