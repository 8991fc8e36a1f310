import { z } from 'zod';
import { configureGermanSchemaMessages } from './issue-messages';

// Every schema of the contract is built with this z: whatever loads one (the server, a form)
// has zod's messages in German, with no call of its own before the first check. The web's login
// page loads no schema, and so no zod at all.
configureGermanSchemaMessages();

export { z };
