import { eq } from 'drizzle-orm';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_ACTIVE_MESSAGE,
  DOCUMENT_NOT_PDF_MESSAGE,
  DOCUMENT_TOO_LARGE_MESSAGE,
  normalizeGermanIban,
  type ImportRecord,
} from '@kundenportal/contract';
import type { Executor } from '../../db/client';
import { bankDetails, billingAddresses, documents } from '../../db/schema/index';
import {
  contractIdOf,
  customerIdOf,
  decide,
  foreignKeyMessage,
  RecordRefusal,
  without,
  type Outcome,
} from './repo';
import { isPassivePdf } from './pdf-active';

const OWNER_FIELDS = ['kundennummer', 'vertragsnummer'] as const;

/** Every PDF starts so (ISO 32000-1, 7.5.2); the bytes are checked, not the name. */
const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

/** The customer and, where named, the contract of a row: the contract must be hers. */
async function ownerOf(
  executor: Executor,
  record: { kundennummer: string; vertragsnummer: number | null },
) {
  const customerId = await customerIdOf(executor, record.kundennummer);
  const contractId =
    record.vertragsnummer === null
      ? null
      : await contractIdOf(executor, record.vertragsnummer, {
          id: customerId,
          kundennummer: record.kundennummer,
        });
  return { customerId, contractId };
}

function refuseForeign(
  stored: { customerId: number } | undefined,
  customerId: number,
  key: string,
) {
  if (stored && stored.customerId !== customerId)
    throw new RecordRefusal('schluessel', foreignKeyMessage(key));
}

/** A document (a PDF and what the list shows of it), keyed by the supplier's document key. */
export async function importDokument(
  executor: Executor,
  record: ImportRecord<'dokumente'>,
): Promise<Outcome> {
  const bytes = Buffer.from(record.inhalt, 'base64');
  if (bytes.length > DOCUMENT_MAX_BYTES)
    throw new RecordRefusal('inhalt', DOCUMENT_TOO_LARGE_MESSAGE);
  if (!bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC))
    throw new RecordRefusal('inhalt', DOCUMENT_NOT_PDF_MESSAGE);
  if (!(await isPassivePdf(bytes))) throw new RecordRefusal('inhalt', DOCUMENT_ACTIVE_MESSAGE);
  const owner = await ownerOf(executor, record);
  const metadata = without(record, ['inhalt', 'kundennummer', 'vertragsnummer']);
  const values = { ...owner, ...metadata, contentType: 'application/pdf', bytes };
  const [stored] = await executor
    .select()
    .from(documents)
    .where(eq(documents.schluessel, record.schluessel));
  refuseForeign(stored, owner.customerId, record.schluessel);
  return decide(stored, values, () =>
    stored
      ? executor.update(documents).set(values).where(eq(documents.id, stored.id))
      : executor.insert(documents).values(values),
  );
}

/** A billing address the billing system keeps, keyed by its own row key. */
export async function importRechnungsadresse(
  executor: Executor,
  record: ImportRecord<'rechnungsadressen'>,
): Promise<Outcome> {
  const owner = await ownerOf(executor, record);
  const address = without(record, OWNER_FIELDS);
  const values = {
    ...owner,
    ...address,
    titel: address.titel ?? null,
    firma: address.firma ?? null,
    vorname: address.vorname ?? null,
    nachname: address.nachname ?? null,
    co: address.co ?? null,
    strasse: address.strasse ?? null,
    hausnummer: address.hausnummer ?? null,
    postfach: address.postfach ?? null,
  };
  const [stored] = await executor
    .select()
    .from(billingAddresses)
    .where(eq(billingAddresses.schluessel, record.schluessel));
  refuseForeign(stored, owner.customerId, record.schluessel);
  return decide(stored, values, () =>
    stored
      ? executor.update(billingAddresses).set(values).where(eq(billingAddresses.id, stored.id))
      : executor.insert(billingAddresses).values(values),
  );
}

const MANDATE_TAKEN_MESSAGE =
  'Die Mandatsreferenz ist bereits einer anderen Bankverbindung zugeordnet.';

/** Bank details the billing system keeps (with the SEPA mandate), keyed by its own row key. */
export async function importBankverbindung(
  executor: Executor,
  record: ImportRecord<'bankverbindungen'>,
): Promise<Outcome> {
  const owner = await ownerOf(executor, record);
  const bank = without(record, OWNER_FIELDS);
  const values = { ...owner, ...bank, iban: normalizeGermanIban(bank.iban) ?? bank.iban };
  const [stored] = await executor
    .select()
    .from(bankDetails)
    .where(eq(bankDetails.schluessel, record.schluessel));
  refuseForeign(stored, owner.customerId, record.schluessel);
  if (bank.mandatsreferenz !== null) {
    const [holder] = await executor
      .select({ id: bankDetails.id })
      .from(bankDetails)
      .where(eq(bankDetails.mandatsreferenz, bank.mandatsreferenz));
    if (holder && holder.id !== stored?.id)
      throw new RecordRefusal('mandatsreferenz', MANDATE_TAKEN_MESSAGE);
  }
  return decide(stored, values, () =>
    stored
      ? executor.update(bankDetails).set(values).where(eq(bankDetails.id, stored.id))
      : executor.insert(bankDetails).values(values),
  );
}
