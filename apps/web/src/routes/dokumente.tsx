import { createFileRoute } from '@tanstack/react-router';
import { DOCUMENTS_FAILED_MESSAGE } from '@kundenportal/contract';
import { useDocuments } from '../features/documents/api/get-documents';
import { DocumentList } from '../features/documents/components/document-list';
import { errorMessage } from '../lib/api-client';
import { QueryCard } from '../ui/query-card';
import { PageHeading } from '../ui/page-heading';

export const Route = createFileRoute('/dokumente')({
  component: DocumentsPage,
});

function DocumentsPage() {
  const documents = useDocuments();
  return (
    <>
      <PageHeading>Dokumente</PageHeading>
      <QueryCard
        title="Alle Dokumente"
        query={documents}
        errorText={(error) => errorMessage(error, DOCUMENTS_FAILED_MESSAGE)}
      >
        {(data) => <DocumentList documents={data} />}
      </QueryCard>
    </>
  );
}
