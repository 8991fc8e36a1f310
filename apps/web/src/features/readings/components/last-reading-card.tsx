import { Messages } from '@kundenportal/contract';
import { errorMessage } from '../../../lib/api-client';
import { QueryCard } from '../../../ui/query-card';
import { useReadings } from '../api/get-readings';
import { LastReading } from './last-reading';

/** The contract page's newest reading: the last one, or an ended contract's final one. */
export function LastReadingCard({ contractId, ended }: { contractId: number; ended: boolean }) {
  const readings = useReadings(contractId);
  return (
    <QueryCard
      title={ended ? 'Schlussablesung' : 'Letzte Ablesung'}
      query={readings}
      errorText={(error) => errorMessage(error, Messages.unknownError)}
    >
      {(data) => <LastReading readings={data} />}
    </QueryCard>
  );
}
