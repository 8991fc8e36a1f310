import { documentFileText, type Document } from '@kundenportal/contract';
import { errorMessage } from '../../../lib/api-client';
import { Alert } from '../../../ui/alert';
import { useDownloadDocument } from '../api/download-document';
import '../documents.css';

const NO_DOCUMENTS_TEXT = 'Es wurden keine Dokumente gefunden.';
const DOWNLOAD_FAILED_MESSAGE = 'Das Dokument konnte nicht heruntergeladen werden.';

/** One row per document: its title, what it belongs to, what the download brings, the action. */
export function DocumentList({ documents }: { documents: Document[] }) {
  const download = useDownloadDocument();
  if (documents.length === 0) return <p>{NO_DOCUMENTS_TEXT}</p>;
  return (
    <>
      {download.isError && (
        <Alert tone="error">{errorMessage(download.error, DOWNLOAD_FAILED_MESSAGE)}</Alert>
      )}
      <ul className="document-list">
        {documents.map((document) => (
          <li key={document.id} className="document-row">
            <div className="document-text">
              <h3 className="document-title">{document.beschreibung}</h3>
              <p className="document-meta">
                {document.kategorie}
                {document.vertragId !== null && ` · Vertrag ${document.vertragId}`}
              </p>
              <p className="document-meta">{documentFileText(document)}</p>
            </div>
            <button
              type="button"
              className="button button-secondary document-download"
              disabled={download.isPending && download.variables.id === document.id}
              onClick={() => download.mutate(document)}
            >
              Herunterladen<span className="visually-hidden"> {document.beschreibung}</span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
