import { createFileRoute } from '@tanstack/react-router';
import { DOCUMENTS_FAILED_MESSAGE } from '@kundenportal/contract';
import { useDocuments } from '../features/documents/api/get-documents';
import { DocumentTable } from '../features/documents/components/document-table';
import { QueryCard } from '../ui/query-card';

export const Route = createFileRoute('/dokumente')({
  component: DocumentsPage,
});

function DocumentsPage() {
  const documents = useDocuments();
  return (
    <>
      <h1>Dokumente</h1>
      <QueryCard
        title="Alle Dokumente"
        query={documents}
        errorText={() => DOCUMENTS_FAILED_MESSAGE}
      >
        {(data) => <DocumentTable documents={data} />}
      </QueryCard>
    </>
  );
}
