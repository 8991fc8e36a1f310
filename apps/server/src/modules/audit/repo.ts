import type { Executor } from '../../db/client';
import { auditLog, operatorAudit } from '../../db/schema/index';

export type AuditAction =
  | 'ANMELDUNG'
  | 'ANMELDUNG_FEHLGESCHLAGEN'
  | 'PASSWORT_RESET_ANGEFORDERT'
  | 'PASSWORT_GEAENDERT'
  | 'PASSWORT_ZURUECKGESETZT'
  | 'KONTAKTDATEN_GEAENDERT'
  | 'EMAIL_AENDERUNG_ANGEFORDERT'
  | 'EMAIL_GEAENDERT'
  | 'EMAIL_AENDERUNG_WIDERRUFEN'
  | 'RECHNUNGSADRESSE_ANGELEGT'
  | 'RECHNUNGSADRESSE_BEENDET'
  | 'RECHNUNGSADRESSE_GELOESCHT'
  | 'BANKVERBINDUNG_ANGELEGT'
  | 'BANKVERBINDUNG_BEENDET'
  | 'BANKVERBINDUNG_GELOESCHT'
  | 'ABLESUNG_ERFASST'
  | 'VERTRAG_GEKUENDIGT';

export async function writeAudit(
  executor: Executor,
  customerId: number | null,
  action: AuditAction,
  details: Record<string, unknown> = {},
): Promise<void> {
  await executor.insert(auditLog).values({ customerId, action, details });
}

/** One authenticated call of the operator interface, with its key's name (operator_audit). */
export async function writeOperatorAudit(
  executor: Executor,
  call: { schluessel: string; methode: string; pfad: string; adresse: string },
): Promise<void> {
  await executor.insert(operatorAudit).values(call);
}
