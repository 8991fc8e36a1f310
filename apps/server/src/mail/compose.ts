import { displayName, type Mandant } from '@kundenportal/contract';
import type { MailKind, OutgoingMail } from './outbox';

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/** "Guten Tag Max Mustermann," — or without a name where none is on file. */
export function greetingOf(customer: Parameters<typeof displayName>[0]): string {
  const name = displayName(customer);
  return name ? `Guten Tag ${name},` : 'Guten Tag,';
}

export interface MailContent {
  kind: MailKind;
  to: string;
  subject: string;
  /** "Guten Tag Herr Mustermann," or the like. */
  greeting: string;
  paragraphs: string[];
  /** Label and value lines, e.g. a reading's meter and values. */
  facts?: [string, string][];
  link?: { url: string; label: string };
  /** Where an answer goes instead of the portal's sender (the customer, for the service team). */
  replyTo?: string;
}

/** The company's lines under every mail: who writes, how to reach the service, the register. */
function footerLines(mandant: Mandant, answerable: boolean): string[] {
  const { firma } = mandant;
  return [
    `${firma.name} · ${firma.anschrift.join(', ')}`,
    `Kundenservice: ${firma.telefon} (${firma.servicezeiten}) · ${mandant.serviceEmail}`,
    `${firma.registereintrag} · Geschäftsführung: ${firma.geschaeftsfuehrung} · USt-IdNr. ${firma.ustId}`,
    `Impressum: ${firma.impressumUrl}`,
    ...(answerable
      ? []
      : [
          `Diese E-Mail wurde automatisch erstellt; Antworten darauf lesen wir nicht. Schreiben Sie uns über das Kundenportal oder an ${mandant.serviceEmail}.`,
        ]),
  ];
}

function plainText(mandant: Mandant, content: MailContent): string {
  const facts = content.facts ?? [];
  return [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(facts.length ? [...facts.map(([label, value]) => `${label}: ${value}`), ''] : []),
    ...(content.link ? [`${content.link.label}: ${content.link.url}`, ''] : []),
    'Mit freundlichen Grüßen',
    mandant.name,
    '',
    '-- ',
    ...footerLines(mandant, content.replyTo !== undefined),
  ].join('\n');
}

/**
 * Tables and inline styles: what mail programs render alike. The link is a button in the
 * supplier's colour with the address written out below it, for programs that show no buttons.
 */
function html(mandant: Mandant, content: MailContent): string {
  const colour = mandant.farben.primaer;
  const facts = content.facts ?? [];
  const cell = 'padding:4px 16px 4px 0;vertical-align:top';
  const body = [
    `<p style="margin:0 0 16px">${escapeHtml(content.greeting)}</p>`,
    ...content.paragraphs.map(
      (paragraph) => `<p style="margin:0 0 16px;white-space:pre-line">${escapeHtml(paragraph)}</p>`,
    ),
    facts.length
      ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${facts
          .map(
            ([label, value]) =>
              `<tr><th scope="row" style="${cell};text-align:left;font-weight:bold">${escapeHtml(label)}</th><td style="${cell}">${escapeHtml(value)}</td></tr>`,
          )
          .join('')}</table>`
      : '',
    content.link
      ? `<p style="margin:24px 0 8px"><a href="${escapeHtml(content.link.url)}" style="display:inline-block;background:${colour};color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:6px">${escapeHtml(content.link.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:14px;color:#4b5563">Falls der Knopf nicht funktioniert, öffnen Sie diese Adresse in Ihrem Browser:<br><a href="${escapeHtml(content.link.url)}" style="color:${colour};word-break:break-all">${escapeHtml(content.link.url)}</a></p>`
      : '',
    `<p style="margin:24px 0 0">Mit freundlichen Grüßen<br>${escapeHtml(mandant.name)}</p>`,
  ].join('');
  const footer = footerLines(mandant, content.replyTo !== undefined)
    .map((line) =>
      line.startsWith('Impressum: ')
        ? `<a href="${escapeHtml(mandant.firma.impressumUrl)}" style="color:#4b5563">Impressum</a>`
        : escapeHtml(line),
    )
    .join('<br>');
  return [
    '<!doctype html><html lang="de"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f3f4f6">',
    '<table role="presentation" width="100%" style="border-collapse:collapse;background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">',
    '<table role="presentation" width="100%" style="border-collapse:collapse;max-width:600px;background:#ffffff;font-family:Arial,Helvetica,sans-serif">',
    `<tr><td style="background:${colour};color:#ffffff;padding:20px 24px;font-size:20px;font-weight:bold">${escapeHtml(mandant.name)}</td></tr>`,
    `<tr><td style="padding:24px;font-size:16px;line-height:1.5;color:#1a1a1a">${body}</td></tr>`,
    `<tr><td style="padding:16px 24px;background:#f9fafb;font-size:13px;line-height:1.6;color:#4b5563">${footer}</td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('');
}

/** One German mail in plain text and HTML, in the supplier's colour, signed with its name. */
export function composeMail(mandant: Mandant, content: MailContent): OutgoingMail {
  return {
    kind: content.kind,
    to: content.to,
    subject: content.subject,
    text: plainText(mandant, content),
    html: html(mandant, content),
    ...(content.replyTo !== undefined && { replyTo: content.replyTo }),
  };
}
