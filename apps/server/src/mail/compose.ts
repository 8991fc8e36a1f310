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

/**
 * Where the sender puts the variant's logo (logo.ts): the logo is rendered by the process that
 * sends, not stored with each mail. Until then, and if it cannot be rendered, the name stands.
 */
export const LOGO_SLOT = { start: '<!--logo-->', end: '<!--/logo-->' };

export interface MailContent {
  kind: MailKind;
  to: string;
  subject: string;
  /** "Guten Tag Herr Mustermann," or the like. */
  greeting: string;
  paragraphs: string[];
  /** The customer's own words (a contact request), set apart from the mail's text. */
  quote?: string;
  /** Label and value lines, e.g. a reading's meter and values. */
  facts?: [string, string][];
  link?: { url: string; label: string };
  /** Where an answer goes instead of the portal's sender (the customer, for the service team). */
  replyTo?: string;
}

/** One piece of the footer; a link where it has one. */
type FooterPart = string | { text: string; href: string };

/**
 * The company's lines under every mail: who writes, how to reach the service, the register.
 * Each line's parts stand apart (" · " in the text, whole pieces in the HTML).
 */
function footerLines(mandant: Mandant, answerable: boolean): FooterPart[][] {
  const { firma } = mandant;
  return [
    [firma.name, firma.anschrift.join(', ')],
    [
      `Kundenservice: ${firma.telefon} (${firma.servicezeiten})`,
      { text: mandant.serviceEmail, href: `mailto:${mandant.serviceEmail}` },
    ],
    [
      firma.registereintrag,
      `Geschäftsführung: ${firma.geschaeftsfuehrung}`,
      `USt-IdNr. ${firma.ustId}`,
    ],
    [{ text: 'Impressum', href: firma.impressumUrl }],
    ...(answerable
      ? []
      : [
          [
            `Diese E-Mail wurde automatisch erstellt; Antworten darauf lesen wir nicht. Schreiben Sie uns über das Kundenportal oder an ${mandant.serviceEmail}.`,
          ],
        ]),
  ];
}

/** A footer line as text: a link as "Impressum: https://…", an address as itself. */
const footerText = (line: FooterPart[]) =>
  line
    .map((part) =>
      typeof part === 'string'
        ? part
        : part.href.startsWith('mailto:')
          ? part.text
          : `${part.text}: ${part.href}`,
    )
    .join(' · ');

/**
 * A footer line as HTML: each part a piece of its own that wraps as a whole where it fits
 * ("USt-IdNr. DE…" is not cut at its hyphen on a phone), and within itself where it is longer;
 * a line that breaks ends with its "·" rather than starting with it.
 */
const footerHtml = (line: FooterPart[]) =>
  line
    .map(
      (part, index) =>
        `<span style="display:inline-block">${
          typeof part === 'string'
            ? escapeHtml(part)
            : `<a href="${escapeHtml(part.href)}" style="color:#4b5563">${escapeHtml(part.text)}</a>`
        }${index < line.length - 1 ? ' ·' : ''}</span>`,
    )
    .join(' ');

function plainText(mandant: Mandant, content: MailContent): string {
  const facts = content.facts ?? [];
  return [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(content.quote !== undefined
      ? [...content.quote.split('\n').map((line) => `> ${line}`), '']
      : []),
    ...(facts.length ? [...facts.map(([label, value]) => `${label}: ${value}`), ''] : []),
    ...(content.link ? [`${content.link.label}: ${content.link.url}`, ''] : []),
    'Mit freundlichen Grüßen',
    mandant.name,
    '',
    '-- ',
    ...footerLines(mandant, content.replyTo !== undefined).map(footerText),
  ].join('\n');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "KW-10001" is not cut at its hyphen on a phone: it is typed at login as it stands. */
function keepNumbersWhole(mandant: Mandant, html: string): string {
  const prefix = escapeHtml(mandant.kundennummerPraefix.trim());
  if (!prefix) return html;
  return html.replace(
    new RegExp(`${escapeRegExp(prefix)}\\d+`, 'g'),
    (number) => `<span style="white-space:nowrap">${number}</span>`,
  );
}

/**
 * Tables and inline styles: what mail programs render alike. The link is a button in the
 * supplier's colour with the address written out below it, for programs that show no buttons.
 */
function html(mandant: Mandant, content: MailContent): string {
  const colour = mandant.farben.primaer;
  const facts = content.facts ?? [];
  const text = (plain: string) => keepNumbersWhole(mandant, escapeHtml(plain));
  const cell = 'padding:4px 16px 4px 0;vertical-align:top';
  const body = [
    `<p style="margin:0 0 16px">${escapeHtml(content.greeting)}</p>`,
    ...content.paragraphs.map(
      (paragraph) => `<p style="margin:0 0 16px;white-space:pre-line">${text(paragraph)}</p>`,
    ),
    content.quote !== undefined
      ? `<blockquote style="margin:0 0 16px;padding:4px 0 4px 16px;border-left:4px solid ${colour};white-space:pre-line;overflow-wrap:anywhere">${escapeHtml(content.quote)}</blockquote>`
      : '',
    facts.length
      ? // Fixed columns: a long value (an e-mail address) wraps within its column on a phone
        // instead of widening the mail past the screen.
        `<table role="presentation" width="100%" style="border-collapse:collapse;table-layout:fixed;margin:0 0 16px">${facts
          .map(
            ([label, value]) =>
              `<tr><th scope="row" width="40%" style="${cell};text-align:left;font-weight:bold">${escapeHtml(label)}</th><td style="${cell};overflow-wrap:break-word">${text(value)}</td></tr>`,
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
    .map(footerHtml)
    .join('<br>');
  return [
    '<!doctype html><html lang="de"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f3f4f6">',
    '<table role="presentation" width="100%" style="border-collapse:collapse;background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">',
    '<table role="presentation" width="100%" style="border-collapse:collapse;max-width:600px;background:#ffffff;font-family:Arial,Helvetica,sans-serif">',
    `<tr><td style="background:${colour};color:#ffffff;padding:16px 24px;font-size:20px;font-weight:bold">${LOGO_SLOT.start}${escapeHtml(mandant.name)}${LOGO_SLOT.end}</td></tr>`,
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
