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
}

/** One German mail in plain text and HTML, signed with the supplier's name. */
export function composeMail(mandant: Mandant, content: MailContent): OutgoingMail {
  const facts = content.facts ?? [];
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(facts.length ? [...facts.map(([label, value]) => `${label}: ${value}`), ''] : []),
    ...(content.link ? [`${content.link.label}: ${content.link.url}`, ''] : []),
    'Mit freundlichen Grüßen',
    mandant.name,
  ].join('\n');

  const html = [
    '<!doctype html><html lang="de"><head><meta charset="utf-8">',
    `<title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#1a1a1a">',
    `<p>${escapeHtml(content.greeting)}</p>`,
    ...content.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    facts.length
      ? `<table>${facts
          .map(
            ([label, value]) =>
              `<tr><th style="text-align:left;padding-right:1em">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
          )
          .join('')}</table>`
      : '',
    content.link
      ? `<p><a href="${escapeHtml(content.link.url)}">${escapeHtml(content.link.label)}</a></p>`
      : '',
    `<p>Mit freundlichen Grüßen<br>${escapeHtml(mandant.name)}</p>`,
    '</body></html>',
  ].join('');

  return { kind: content.kind, to: content.to, subject: content.subject, text, html };
}
