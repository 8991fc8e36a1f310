import {
  documentFileText,
  finalBillOf,
  NO_FINAL_BILL_TEXT,
  type Document,
} from '@kundenportal/contract';
import { errorMessage } from '../../../lib/api-client';
import { Alert } from '../../../ui/alert';
import { useDownloadDocument } from '../api/download-document';
import '../documents.css';

const DOWNLOAD_FAILED_MESSAGE = 'Das Dokument konnte nicht heruntergeladen werden.';

/** An ended contract's final bill with its download, or a plain word that there is none. */
export function FinalBill({
  documents,
  contractId,
}: {
  documents: Document[];
  contractId: number;
}) {
  const download = useDownloadDocument();
  const bill = finalBillOf(documents, contractId);
  if (!bill) return <p>{NO_FINAL_BILL_TEXT}</p>;
  return (
    <>
      {download.isError && (
        <Alert tone="error">{errorMessage(download.error, DOWNLOAD_FAILED_MESSAGE)}</Alert>
      )}
      <div className="document-row">
        <div className="document-text">
          <h3 className="document-title">{bill.beschreibung}</h3>
          <p className="document-meta">{documentFileText(bill)}</p>
        </div>
        <button
          type="button"
          className="button button-secondary document-download"
          disabled={download.isPending}
          onClick={() => download.mutate(bill)}
        >
          Herunterladen<span className="visually-hidden"> {bill.beschreibung}</span>
        </button>
      </div>
    </>
  );
}
