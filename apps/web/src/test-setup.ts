import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { MandantSchema } from '@kundenportal/contract';
import { setMandant } from './config/mandant';

// Unit tests render with the standard variant, as the server would hand it out. Vitest runs
// from the repository's root.
const standard = MandantSchema.parse(
  JSON.parse(readFileSync(resolve(process.cwd(), 'config/mandanten/standard.json'), 'utf8')),
);
setMandant({
  ...standard,
  passwortResetUrl: new URL(standard.passwortResetBasisUrl, window.location.origin).toString(),
});
