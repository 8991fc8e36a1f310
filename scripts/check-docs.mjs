// node scripts/check-docs.mjs (part of `npm run lint`): fails when README.md, CONTRIBUTING.md or
// a file under docs/ names a file or a code symbol that does not exist. Docs drift quietly: a
// renamed module or schema leaves its old name in the prose, and a reader looks for it in vain.
// What is checked, in inline code spans (fenced blocks are examples, not names) and relative
// links:
// - a span that looks like a repository path (a known extension, or a "/" after a folder the
//   repository has) must be a tracked file or folder: from the root, from the doc's folder, or
//   as the end of a tracked path (`plugins/read-cache.ts` inside apps/server/src);
// - a span that looks like a code symbol (camelCase or PascalCase with an inner capital,
//   SCREAMING_SNAKE with an underscore) must occur as a word in a tracked file under apps/,
//   packages/, e2e/, scripts/, config/ or deploy/, or in a configuration file at the root (the
//   mutation tester's options are named in the docs). Environment variables are held to that
//   too.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

const EXTENSIONS = /\.(ts|tsx|js|mjs|cjs|md|json|jsonc|sql|css|html|svg|yml|yaml|sh)$/;
const SOURCE_FOLDERS = ['apps/', 'packages/', 'e2e/', 'scripts/', 'config/', 'deploy/'];
const TEXT_FILES = /\.(ts|tsx|js|mjs|cjs|json|jsonc|sql|css|html|svg|yml|yaml|sh|conf|service)$/;

/**
 * Names the docs may give though no source file has them, each with its reason. Keep it tiny:
 * a name that belongs to our code must be found there.
 */
const ALLOWED = new Map([
  ['MALLOC_ARENA_MAX', "glibc's own variable, named where the docs say why it was not chosen"],
]);

const IDENTIFIER = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;
const CAMEL = /^[a-z][a-zA-Z0-9]*[A-Z][a-zA-Z0-9]*$/;
const PASCAL = /^[A-Z][a-z0-9]+[A-Z][a-zA-Z0-9]*$/;
const SCREAMING = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/;

/** Whether a name is written as code writes names, not as a word of prose or UI text. */
export function looksLikeSymbol(name) {
  return CAMEL.test(name) || PASCAL.test(name) || SCREAMING.test(name);
}

/** `a{b,c}d` → `abd`, `acd` (the docs name sibling files so); one pair of braces. */
function expandBraces(span) {
  const match = /^(.*)\{([^{}]+)\}(.*)$/.exec(span);
  if (!match) return [span];
  const [, before, inner, after] = match;
  return inner.split(',').map((part) => `${before}${part}${after}`);
}

/** The inline code spans of a Markdown text outside fenced blocks, with their line numbers. */
export function codeSpans(text) {
  const lines = text.split('\n');
  const kept = [];
  let fence = null;
  for (const line of lines) {
    const opening = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (opening && opening[1].startsWith(fence)) fence = null;
      kept.push('');
    } else if (opening) {
      fence = opening[1];
      kept.push('');
    } else kept.push(line);
  }
  const prose = kept.join('\n');
  const spans = [];
  for (const match of prose.matchAll(/(`+)([\s\S]*?[^`])\1(?!`)/g)) {
    let content = match[2];
    if (content.startsWith(' ') && content.endsWith(' ') && content.trim()) {
      content = content.slice(1, -1);
    }
    const line = prose.slice(0, match.index).split('\n').length;
    spans.push({ span: content, line, link: false, at: match.index });
  }
  for (const match of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
    const line = prose.slice(0, match.index).split('\n').length;
    spans.push({ span: match[1], line, link: true, at: match.index });
  }
  return spans.sort((a, b) => a.at - b.at).map(({ span, line, link }) => ({ span, line, link }));
}

/**
 * The repository as the check sees it: its tracked paths, the folder names they contain, the
 * words of its source files, and the names .gitignore gives to build output (a path through
 * `dist/` or `data/` names what a build or a run makes, never a tracked file).
 */
export function repositoryIndex({ files, sources, ignored }) {
  const folders = new Set();
  const folderNames = new Set();
  for (const file of files) {
    const parts = file.split('/');
    for (let i = 1; i < parts.length; i += 1) {
      folders.add(parts.slice(0, i).join('/'));
      folderNames.add(parts[i - 1]);
    }
  }
  const words = new Set();
  for (const text of sources)
    for (const word of text.match(/[A-Za-z_$][\w$]*/g) ?? []) words.add(word);
  return {
    files: new Set(files),
    list: files,
    folders,
    folderNames,
    words,
    ignored: new Set(ignored),
  };
}

function pathExists(path, docFolder, index) {
  const clean = path.replace(/^\.\//, '').replace(/\/$/, '');
  const candidates = [clean, posix.normalize(posix.join(docFolder, clean))];
  if (candidates.some((candidate) => index.files.has(candidate) || index.folders.has(candidate))) {
    return true;
  }
  return index.list.some((file) => file.endsWith(`/${clean}`) || file.includes(`/${clean}/`));
}

function looksLikePath(span, index) {
  if (
    /\s|[<>*?=#:@$`…]/.test(span) ||
    span.startsWith('/') ||
    (span.startsWith('.') && !/^\.\.?\//.test(span))
  ) {
    return false;
  }
  const first = span.replace(/^(\.\.?\/)+/, '').split('/')[0];
  if (EXTENSIONS.test(span)) return /[\w-]\.[a-z]+$/.test(span);
  return span.includes('/') && (span.startsWith('.') || index.folderNames.has(first));
}

function isBuildOutput(path, index) {
  return path.split('/').some((part) => index.ignored.has(part));
}

/** What the docs name that the repository does not have: one problem per span. */
export function checkDocs(docs, index) {
  const problems = [];
  for (const doc of docs) {
    const folder = posix.dirname(doc.path);
    for (const { span, line, link } of codeSpans(doc.text)) {
      if (link) {
        const target = span.split('#')[0];
        if (!target || /^[a-z]+:/.test(target)) continue;
        if (!pathExists(target, folder, index)) {
          problems.push({ doc: doc.path, line, span, what: 'links to a file that does not exist' });
        }
        continue;
      }
      const call = /^([\w$.]+)\(.*\)$/s.exec(span);
      const name = call ? call[1] : span;
      if (IDENTIFIER.test(name) && !EXTENSIONS.test(name)) {
        const first = name.split('.')[0];
        if (looksLikeSymbol(first) && !ALLOWED.has(first) && !index.words.has(first)) {
          problems.push({ doc: doc.path, line, span, what: 'names a symbol no source file has' });
        }
        continue;
      }
      for (const path of expandBraces(span)) {
        if (!looksLikePath(path, index) || isBuildOutput(path, index)) continue;
        if (!pathExists(path, folder, index)) {
          problems.push({ doc: doc.path, line, span, what: 'names a file that does not exist' });
        }
      }
    }
  }
  return problems;
}

/** The names .gitignore gives to whole folders or files (`dist/`, `data/`), no patterns. */
export function ignoredNames(gitignore) {
  return gitignore
    .split('\n')
    .map((line) => line.trim().replace(/\/$/, ''))
    .filter((line) => /^[\w.-]+$/.test(line) && !line.startsWith('*'));
}

function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const git = (...args) =>
    execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
      .split('\n')
      .filter(Boolean);
  // Untracked files too (not ignored ones), so that a new doc or module counts before its commit.
  const deleted = new Set(git('ls-files', '--deleted'));
  const files = [...new Set(git('ls-files', '--cached', '--others', '--exclude-standard'))].filter(
    (file) => !deleted.has(file),
  );
  const read = (file) => readFileSync(join(root, file), 'utf8');
  // The check's own files name what does not exist on purpose.
  const sources = files
    .filter((file) => !file.startsWith('scripts/check-docs'))
    .filter(
      (file) => SOURCE_FOLDERS.some((folder) => file.startsWith(folder)) || !file.includes('/'),
    )
    .filter((file) => TEXT_FILES.test(file))
    .map(read);
  const index = repositoryIndex({ files, sources, ignored: ignoredNames(read('.gitignore')) });
  const docs = files
    .filter(
      (file) => ['README.md', 'CONTRIBUTING.md'].includes(file) || /^docs\/.*\.md$/.test(file),
    )
    .map((path) => ({ path, text: read(path) }));
  const problems = checkDocs(docs, index);
  for (const problem of problems) {
    console.error(`${problem.doc}:${problem.line}: \`${problem.span}\` ${problem.what}`);
  }
  if (problems.length > 0) {
    console.error(`\n${problems.length} Stellen in der Dokumentation nennen, was es nicht gibt.`);
    process.exit(1);
  }
  console.log(`Dokumentation geprüft: ${docs.length} Dateien, nichts fehlt.`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
