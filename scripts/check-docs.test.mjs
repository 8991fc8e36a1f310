import { describe, expect, it } from 'vitest';
import {
  checkDocs,
  codeSpans,
  ignoredNames,
  looksLikeSymbol,
  repositoryIndex,
} from './check-docs.mjs';

const index = repositoryIndex({
  files: [
    'README.md',
    'docs/architecture.md',
    'docs/decisions/001-one-sql-dialect.md',
    'apps/server/src/plugins/read-cache.ts',
    'apps/server/src/lib/validity-rows.ts',
    'apps/server/src/lib/validity-service.ts',
    'packages/contract/src/history.ts',
    'config/mandanten/standard.json',
  ],
  sources: ['export function parseHistorySearch() {}', 'const SESSION_MAX_HOURS = 12;'],
  ignored: ignoredNames('node_modules/\ndist/\n*.tsbuildinfo\n'),
});
const problems = (text, path = 'docs/architecture.md') =>
  checkDocs([{ path, text }], index).map(({ span, what }) => `${span}: ${what}`);

describe('the docs check', () => {
  it('passes what exists: from the root, from the doc, by the end of a tracked path, a folder', () => {
    expect(
      problems(
        '`README.md`, `decisions/001-one-sql-dialect.md`, `plugins/read-cache.ts`, ' +
          '`config/mandanten`, `packages/contract/src/`, `lib/validity-{rows,service}.ts`, ' +
          '[the first](decisions/001-one-sql-dialect.md), [root](../README.md#demo-accounts)',
      ),
    ).toEqual([]);
  });

  it('refuses a file, a link or a symbol that does not exist', () => {
    expect(
      problems(
        '`DESIGN.md`, `plugins/read-cache.tsx`, `lib/validity-{rows,routes}.ts`, ' +
          '[gone](decisions/999-gone.md), `HistorySearchSchema`, `readCache.keep`, `BETRIEB_PORT`',
      ),
    ).toEqual([
      'DESIGN.md: names a file that does not exist',
      'plugins/read-cache.tsx: names a file that does not exist',
      'lib/validity-{rows,routes}.ts: names a file that does not exist',
      'decisions/999-gone.md: links to a file that does not exist',
      'HistorySearchSchema: names a symbol no source file has',
      'readCache.keep: names a symbol no source file has',
      'BETRIEB_PORT: names a symbol no source file has',
    ]);
  });

  it('checks a called function by its name and finds the symbols the sources have', () => {
    expect(problems('`parseHistorySearch(text)`, `SESSION_MAX_HOURS`')).toEqual([]);
    expect(problems('`parseHistoryQuery(text)`')).toEqual([
      'parseHistoryQuery(text): names a symbol no source file has',
    ]);
  });

  it('leaves alone what names no file or symbol of ours', () => {
    expect(
      problems(
        '`npm run bench`, `/vertrag/{id}/zaehler`, `text/csv`, `EUR/MWh`, `features/<area>/api/<call>.ts`, ' +
          '`apps/web/dist/route-preloads.json`, `http://localhost:8080`, `.eml`, `Zählerstand`, ' +
          '`Geschaeftspartner`, `Energiemenge.lokationsId`, `gekuendigt`, `MALLOC_ARENA_MAX`, `1-1:1.8.0`, ' +
          '[the spec](https://example.org/spec.md)',
      ),
    ).toEqual([]);
  });

  it('skips fenced blocks and reports the line of a span', () => {
    const text = 'One\n\n```sh\ncat `DESIGN.md`\n```\n\nthen `DESIGN.md` here\n';
    expect(checkDocs([{ path: 'README.md', text }], index)).toEqual([
      { doc: 'README.md', line: 7, span: 'DESIGN.md', what: 'names a file that does not exist' },
    ]);
    expect(codeSpans('a ``x `y` z`` b')).toEqual([{ span: 'x `y` z', line: 1, link: false }]);
  });

  it('tells names from words', () => {
    expect(['readCache', 'ChartSpec', 'DATA_DIR'].map(looksLikeSymbol)).toEqual([true, true, true]);
    expect(['Vertrag', 'nutzbar', 'PGlite', 'PDF', 'Zaehlerstand'].map(looksLikeSymbol)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
