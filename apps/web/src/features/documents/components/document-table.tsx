import { formatDateTime, type Document } from '@kundenportal/contract';
import { errorMessage } from '../../../lib/api-client';
import { Alert } from '../../../ui/alert';
import { useDownloadDocument } from '../api/download-document';

const NO_DOCUMENTS_TEXT = 'Es wurden keine Dokumente gefunden.';
const DOWNLOAD_FAILED_MESSAGE = 'Das Dokument konnte nicht heruntergeladen werden.';

export function DocumentTable({ documents }: { documents: Document[] }) {
  const download = useDownloadDocument();
  if (documents.length === 0) return <p>{NO_DOCUMENTS_TEXT}</p>;
  return (
    <>
      {download.isError && (
        <Alert tone="error">{errorMessage(download.error, DOWNLOAD_FAILED_MESSAGE)}</Alert>
      )}
      <table className="table table-stack">
        <thead>
          <tr>
            <th scope="col">Kategorie</th>
            <th scope="col">Beschreibung</th>
            <th scope="col">Vertragsnummer</th>
            <th scope="col">Erstellt</th>
            <th scope="col">
              <span className="visually-hidden">Herunterladen</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {documents.map((document) => (
            <tr key={document.id}>
              <td data-label="Kategorie">{document.kategorie}</td>
              <td data-label="Beschreibung">{document.beschreibung}</td>
              <td data-label="Vertragsnummer">{document.vertragId ?? '–'}</td>
              <td data-label="Erstellt">{formatDateTime(document.erstellzeitpunkt)}</td>
              <td>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`${document.beschreibung} herunterladen (${document.dateiname})`}
                  title="Herunterladen"
                  disabled={download.isPending && download.variables.id === document.id}
                  onClick={() => download.mutate(document)}
                >
                  ⬇
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
