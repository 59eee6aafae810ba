import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The docs are the map a successor reads first, and comments cite them by file and heading
// (docs/product.md, "Who it is for"): a path, link or heading that no longer exists sends the reader
// nowhere, and a comment citing the specification's numbering or an issue tracker points outside the
// repository.

const ROOT = join(__dirname, '..', '..');
const REPOSITORY_FOLDERS = [
  'worker/',
  'engine/',
  'app/',
  'shared/',
  'test/',
  'scripts/',
  'bench/',
  'docs/',
  'migrations/',
  '.ci/',
];

/** Tokens that name a pattern, not one file; each with the reason it cannot exist as written. */
const PATTERNS: Record<string, string> = {
  'bench/.cache': 'made by `npm run bench` on its first run, and ignored by git',
  'dist/social_resizer/wrangler.json': 'written by `npm run build`, and ignored by git',
};

/** Docs whose file paths name files outside the repository on purpose; each with the reason. */
const NAMES_FILES_OUTSIDE: Record<string, string> = {
  'docs/research/detection.md':
    'its prototypes were not kept (its status says so), and it names files inside npm packages',
};

/**
 * A file path cited anywhere, in a doc's prose or code or in a code comment: folders and a name with
 * an extension (`services/conversions/render.ts`, `docs/decisions/0012-render-facts.md`, `../worker/helpers.ts`),
 * not part of an address (`https://…/src/x.c`) or of a longer word. A bare name (`render.ts`) is
 * not checked: it names a file beside the citing one or one the sentence has just placed.
 */
const CITED_PATH =
  /(?<![\w/.:@~$=?&#%-])((?:\.\.?\/)*[\w.-]+(?:\/[\w.-]+)+\.(?:tsx?|jsx?|mjs|md|sql|json|toml|c|h|sh|css|html|wasm|jpg|png|webp|txt|ya?ml))(?![\w/])/g;

/**
 * Where a cited path is looked for, first match wins: the citing file's folder and each folder above
 * it up to the repository's root (so engine/pixels/content-aware/completion.ts may cite
 * `pixels/content-aware/extension.ts`, and a test `../support/…`), then `worker/` (the
 * docs, the app and the tests name the server's files from there: `services/access/door.ts`,
 * `db/schema.ts`), `engine/` and `engine/codecs/` (the engine's doc and notes name its files from there:
 * `input/view.ts`, `jpeg/frame.ts`) and `app/`. A path that leaves the repository (`../shared/reference/…`) resolves
 * to nothing: what lies outside cannot be checked, and a successor's clone does not have it.
 */
function resolvesInRepository(citing: string, path: string): boolean {
  const folders: string[] = [];
  for (let folder = dirname(citing); ; folder = dirname(folder)) {
    folders.push(folder);
    if (folder === '.') break;
  }
  return [...folders, 'worker', 'engine', 'engine/codecs', 'app'].some((folder) => {
    const target = normalize(join(folder, path));
    return !target.startsWith('..') && existsSync(join(ROOT, target));
  });
}

/** The paths a text cites, once each, patterns left out. */
function citedPaths(text: string): string[] {
  return [...new Set([...text.matchAll(CITED_PATH)].map((match) => match[1] ?? ''))].filter(
    (path) => !(path in PATTERNS),
  );
}

/** Every comment of a TypeScript file, as one text (the parser's, so strings and templates are never read as comments). */
function comments(path: string, source: string): string {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, false);
  const found = new Map<number, string>();
  const visit = (node: ts.Node): void => {
    const ranges = [
      ...(ts.getLeadingCommentRanges(source, node.pos) ?? []),
      ...(ts.getTrailingCommentRanges(source, node.end) ?? []),
    ];
    for (const range of ranges) found.set(range.pos, source.slice(range.pos, range.end));
    node.getChildren(file).forEach(visit);
  };
  visit(file);
  return [...found.values()].join('\n');
}

function filesUnder(folder: string, keep: (name: string) => boolean): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    // node_modules and the hidden folders tools write (bench/.cache holds old trees the bench extracts) are not ours to read.
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name.startsWith('.') ? [] : filesUnder(path, keep);
    return keep(entry.name) ? [path] : [];
  });
}

/** Every `inline code` token of a Markdown text, fenced blocks left out (they show trees and commands). */
function inlineCode(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  return [...prose.matchAll(/`([^`\n]+)`/g)].map((match) => match[1] ?? '');
}

/** The repository path a token names, without a trailing `:line` or `#anchor`; null when it names none. */
function repositoryPath(token: string): string | null {
  if (/\s/.test(token) || !REPOSITORY_FOLDERS.some((folder) => token.startsWith(folder))) return null;
  return token.replace(/#.*$/, '').replace(/:\d+(-\d+)?$/, '');
}

/** The anchors GitHub gives a Markdown text's headings: lower case, punctuation dropped, spaces as hyphens. */
function headingAnchors(markdown: string): Set<string> {
  const headings = markdown.replace(/^```[\s\S]*?^```/gm, '').match(/^#{1,6} .+$/gm) ?? [];
  return new Set(
    headings.map((heading) =>
      heading
        .replace(/^#+ /, '')
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, '')
        .replace(/ /g, '-'),
    ),
  );
}

/** Every relative link of a Markdown text, as the document it opens (from the root) and its anchor. */
function relativeLinks(doc: string, markdown: string): { target: string; anchor: string }[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] ?? '')
    .filter((link) => !/^[a-z]+:/.test(link))
    .map((link) => {
      const [path = '', anchor = ''] = link.split('#');
      return { target: path === '' ? doc : join(dirname(doc), path), anchor };
    });
}

const docs = ['README.md', ...filesUnder('docs', (name) => name.endsWith('.md'))];

describe('the docs', () => {
  it('are found', () => {
    expect(docs).toContain('docs/product.md');
    expect(docs.length).toBeGreaterThan(10);
  });

  it.each(docs)('%s names only paths that exist', (doc) => {
    const missing = inlineCode(readFileSync(join(ROOT, doc), 'utf8'))
      .map(repositoryPath)
      .filter((path): path is string => path !== null && !(path in PATTERNS))
      .filter((path) => !existsSync(join(ROOT, path)));
    expect(missing).toEqual([]);
  });

  it.each(docs)('%s cites only files of the repository', (doc) => {
    if (doc in NAMES_FILES_OUTSIDE) return;
    const prose = readFileSync(join(ROOT, doc), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
    const missing = citedPaths(prose).filter((path) => !resolvesInRepository(doc, path));
    expect(missing).toEqual([]);
  });

  it.each(docs)('%s links only to documents and headings that exist', (doc) => {
    const broken = relativeLinks(doc, readFileSync(join(ROOT, doc), 'utf8')).filter(({ target, anchor }) => {
      if (!existsSync(join(ROOT, target))) return true;
      if (anchor === '') return false;
      return !headingAnchors(readFileSync(join(ROOT, target), 'utf8')).has(anchor);
    });
    expect(broken).toEqual([]);
  });

  it('still name every pattern they are allowed to name, and every exception still names a file outside', () => {
    const named = new Set(docs.flatMap((doc) => inlineCode(readFileSync(join(ROOT, doc), 'utf8'))));
    for (const pattern of Object.keys(PATTERNS)) expect(named).toContain(pattern);
    for (const doc of Object.keys(NAMES_FILES_OUTSIDE)) {
      const outside = citedPaths(readFileSync(join(ROOT, doc), 'utf8')).filter(
        (path) => !resolvesInRepository(doc, path),
      );
      expect(outside, doc).not.toEqual([]);
    }
  });
});

/** The headings a source file cites: `docs/product.md, "Payments"` or `docs/product.md, "Fill" and "Keep this"`, over line breaks. */
function citations(source: string): { doc: string; headings: string[] }[] {
  const prose = source.replace(/\s*\n\s*(\*|\/\/)?\s*/g, ' ');
  return [...prose.matchAll(/(?<![\w/.])(docs\/[\w/.-]+\.md)((?:,| and) "[^"]+")*/g)].map((match) => ({
    doc: match[1] ?? '',
    headings: [...(match[0] ?? '').matchAll(/"([^"]+)"/g)].map((heading) => heading[1] ?? ''),
  }));
}

const SOURCE_FILE = /\.(ts|tsx|css|html)$/;

describe('the source', () => {
  const sources = ['worker', 'engine', 'shared', 'app'].flatMap((folder) =>
    filesUnder(folder, (name) => SOURCE_FILE.test(name)),
  );

  it('is found', () => {
    expect(sources).toEqual(expect.arrayContaining(['worker/index.ts', 'shared/formats.ts', 'app/main.tsx']));
  });

  it('cites the project’s docs, never the specification’s numbering or an issue', () => {
    const citations = sources.flatMap((path) =>
      readFileSync(join(ROOT, path), 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          /spec document|\bissues? #?\d+/i.test(line) ? [`${path}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(citations).toEqual([]);
  });

  const cited = [
    ...sources,
    ...['test', 'scripts', 'bench'].flatMap((folder) => filesUnder(folder, (name) => SOURCE_FILE.test(name))),
  ];

  it('cites in its comments only files of the repository, here and in the tests, scripts and bench', () => {
    const typescript = cited.filter((path) => /\.tsx?$/.test(path));
    expect(typescript.length).toBeGreaterThan(300);
    const missing = typescript.flatMap((path) =>
      citedPaths(comments(path, readFileSync(join(ROOT, path), 'utf8')))
        .filter((cites) => !resolvesInRepository(path, cites))
        .map((cites) => `${path}: ${cites}`),
    );
    expect(missing).toEqual([]);
  }, 120_000);

  it('cites docs and headings that exist, here and in the tests, scripts and bench', () => {
    const broken = cited.flatMap((path) =>
      citations(readFileSync(join(ROOT, path), 'utf8')).flatMap(({ doc, headings }) => {
        if (!existsSync(join(ROOT, doc))) return [`${path}: ${doc}`];
        const titles = (readFileSync(join(ROOT, doc), 'utf8').match(/^#{1,6} .+$/gm) ?? []).map((title) =>
          title.replace(/^#+ /, ''),
        );
        return headings
          .filter((heading) => !titles.some((title) => title.startsWith(heading)))
          .map((heading) => `${path}: ${doc}, "${heading}"`);
      }),
    );
    expect(broken).toEqual([]);
  });
});
