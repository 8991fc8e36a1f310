import { z } from 'zod';
import { configureGermanSchemaMessages } from './issue-messages';

// Every schema of the contract is built with this z: whatever loads one (the server, a form)
// has zod's messages in German, with no call of its own before the first check. The web's login
// page loads no schema, and so no zod at all. package.json names this module as the contract's one
// with side effects: without that, both bundles dropped these calls (the served API and the forms
// spoke zod's English).
configureGermanSchemaMessages();
// In a browser zod parses without generated code: the portal's Content-Security-Policy allows no
// eval, and zod's probe for it (`new Function`) was refused and reported as a violation on every
// page, a few milliseconds of a phone's first long task. The server keeps zod's faster parsers.
if ('document' in globalThis) z.config({ jitless: true });

export { z };
