import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { configure } from '@testing-library/react';
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
  sitzungHoechstdauerStunden: 12,
});

// A wait for what the user sees ends as soon as it is there. Testing Library gives up after a
// second by default: on CI's two busy cores the first opening of a date field, which imports
// the calendar's code, took longer (date-field.test.tsx failed in a clean-clone run).
configure({ asyncUtilTimeout: 10_000 });
