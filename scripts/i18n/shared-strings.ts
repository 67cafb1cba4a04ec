// `npx tsx scripts/i18n/shared-strings.ts [--check]` (the first step of `npm run i18n`): lists
// every English sentence the shared layer (src/domain, src/api), the server, the mock backend and
// the service worker show people, as `msg` macros in src/locales/shared-strings.ts, the file the
// catalogue part `shared` extracts (lingui.config.ts). What it lists:
//   (a) problems: every exported value of src/domain and src/api shaped `{ status, title }` (the
//       problem tables: HTTP_PROBLEMS, AUTH_PROBLEMS, ...), its title, detail and field messages,
//       and every other exported sentence (a constant, or a table's value: PASSWORD_TOO_COMMON,
//       DISPLAY_NAME_FAULT_MESSAGES, SIGNUP_MESSAGE, ...), and every FILLED_SENTENCES template
//       (src/api/english-again.ts: the sentences written with a value in them);
//   (b) zod messages: every exported schema of src/domain and src/api walked through its
//       definition (shapes, elements, options, pipes, inner types, checks), each custom message;
//       and "<Field> is required" for each required field of a request, query or params schema
//       (src/api/http-problems.ts says so for a missing field);
//   (c) every `say('…')` of src/domain, src/api, server, mocks and src/service-worker, whose
//       first argument must be a string literal (an ICU message): anything else fails;
// (d) the server's emails and pushes are written with `say`, so (c) finds them.
// With --check nothing is written: exit 1, saying what differs, when the file is not up to date.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { FILLED_SENTENCES } from '../../src/api/english-again';
import { fieldRequiredMessage } from '../../src/api/http-problems';

const root = path.resolve(import.meta.dirname, '../..');
const OUTPUT = path.join(root, 'src/locales/shared-strings.ts');
/** Modules whose exports are walked for problems, sentences and schemas. */
const EXPORTING = ['src/domain', 'src/api'];
/**
 * Exports that are not the shared layer's to say: the demo's people (src/features/demo says who
 * they are in its own catalogue) and the Terms of Service (a published document, not a message).
 */
const NOT_SAID = new Set(['src/api/demo-backend.ts', 'src/domain/terms-v1.ts']);
/** Code whose `say('…')` calls are read. */
const SAYING = ['src/domain', 'src/api', 'server', 'mocks', 'src/service-worker'];
/** Requests' schemas, whose required fields a person may be told of ("Password is required"). */
const INPUT_SCHEMA = /(Request|Query|Params)$/;

const strings = new Set<string>();
const failures: string[] = [];

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') files.push(...sourceFiles(relative));
    } else if (/\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name)) {
      files.push(relative);
    }
  }
  return files.sort();
}

/** A sentence a person reads: a capital (or an opening bracket), words, one line. */
function isSentence(value: string): boolean {
  return /^[\p{Lu}[(]/u.test(value) && /\s/.test(value) && !value.includes('\n');
}

// (a) Problems and sentences among the exports.
function problemStrings(value: unknown, seen: Set<unknown>, depth = 0): void {
  if (depth > 6 || value === null || seen.has(value)) return;
  if (typeof value === 'string') {
    if (isSentence(value)) strings.add(value);
    return;
  }
  if (typeof value !== 'object' || isZodSchema(value)) return;
  seen.add(value);
  const record = value as Record<string, unknown>;
  if (typeof record.status === 'number' && typeof record.title === 'string') {
    strings.add(record.title);
    if (typeof record.detail === 'string') strings.add(record.detail);
    const errors = record.errors as Record<string, string[]> | undefined;
    for (const messages of Object.values(errors ?? {})) for (const m of messages) strings.add(m);
    return;
  }
  for (const item of Array.isArray(value) ? value : Object.values(record)) {
    problemStrings(item, seen, depth + 1);
  }
}

// (b) zod's custom messages.
interface ZodLike {
  _zod: { def: Record<string, unknown> & { type: string }; optin?: string };
}

function isZodSchema(value: unknown): value is ZodLike {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

/** The message an `error` of a definition holds (zod keeps `.min(1, 'msg')` as `() => 'msg'`). */
function customMessage(error: unknown): string | undefined {
  if (typeof error !== 'function') return undefined;
  const said: unknown = (error as (issue: unknown) => unknown)({
    code: 'custom',
    input: undefined,
  });
  if (typeof said === 'string') return said;
  if (typeof said === 'object' && said !== null && 'message' in said) {
    const { message } = said as { message: unknown };
    return typeof message === 'string' ? message : undefined;
  }
  return undefined;
}

function zodMessages(schema: ZodLike, input: boolean, seen: Set<unknown>): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  const { def } = schema._zod;
  const message = customMessage(def.error);
  if (message !== undefined) strings.add(message);
  for (const check of (def.checks as ZodLike[] | undefined) ?? []) {
    const checkMessage = customMessage(check._zod.def.error);
    if (checkMessage !== undefined) strings.add(checkMessage);
  }
  const walk = (child: unknown) => {
    if (isZodSchema(child)) zodMessages(child, input, seen);
  };
  if (def.type === 'object') {
    for (const [key, field] of Object.entries(def.shape as Record<string, ZodLike>)) {
      if (input && field._zod.optin !== 'optional') strings.add(fieldRequiredMessage(key));
      walk(field);
    }
    walk(def.catchall);
  }
  if (def.type === 'lazy') walk((def.getter as () => unknown)());
  for (const key of [
    'element',
    'in',
    'out',
    'innerType',
    'keyType',
    'valueType',
    'left',
    'right',
    'rest',
  ]) {
    walk(def[key]);
  }
  for (const key of ['options', 'items']) {
    for (const child of (def[key] as unknown[] | undefined) ?? []) walk(child);
  }
}

async function walkExports(): Promise<void> {
  const seenValues = new Set<unknown>();
  const seenSchemas = new Set<unknown>();
  const seenInputs = new Set<unknown>();
  for (const dir of EXPORTING) {
    for (const file of sourceFiles(dir).filter((f) => !NOT_SAID.has(f))) {
      const exports = (await import(pathToFileURL(path.join(root, file)).href)) as Record<
        string,
        unknown
      >;
      for (const [name, value] of Object.entries(exports)) {
        if (isZodSchema(value)) {
          const input = INPUT_SCHEMA.test(name);
          zodMessages(value, input, input ? seenInputs : seenSchemas);
        } else {
          problemStrings(value, seenValues);
        }
      }
    }
  }
}

// (c) say('…') literals.
function sayLiterals(): void {
  for (const dir of SAYING) {
    for (const file of sourceFiles(dir)) {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      if (!/\bsay\(/.test(text)) continue;
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node): void => {
        if (
          ts.isCallExpression(node) &&
          ts.isIdentifier(node.expression) &&
          node.expression.text === 'say'
        ) {
          const [first] = node.arguments;
          if (
            first !== undefined &&
            (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))
          ) {
            strings.add(first.text);
          } else {
            const { line, character } = source.getLineAndCharacterOfPosition(node.getStart());
            failures.push(
              `${file}:${line + 1}:${character + 1}: say(…) takes a string literal, not ` +
                `\`${first?.getText() ?? ''}\` (the catalogues must list each sentence whole)`,
            );
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
}

/**
 * An English string as the body of msg`…`: the message is the English itself, an ICU message
 * (`{name}` placeholders of say's sentences stay placeholders), so that its id is the one the
 * runtime looks up (src/api/english-messages.ts hashes the English as it is). A plain string
 * with ICU syntax in it ({, }, or an apostrophe that quotes one) would need quoting, which
 * changes its id: such a string fails here, to be reworded or passed through `say`.
 */
function templateBody(english: string): string {
  return english
    .replaceAll('\\', '\\\\')
    .replaceAll('`', '\\`')
    .replaceAll('${', '\\${')
    .replaceAll('\n', '\\n');
}

function icuTrouble(english: string): string | null {
  // A line break is written as \n; any other control character has no place in a sentence.
  if ([...english].some((c) => c !== '\n' && c.charCodeAt(0) < 0x20)) return 'a control character';
  if (/'[{}#|']/.test(english)) return 'an apostrophe ICU reads as quoting';
  let depth = 0;
  for (const char of english) {
    if (char === '{') depth += 1;
    if (char === '}') depth -= 1;
    if (depth < 0) return 'an unbalanced }';
  }
  return depth === 0 ? null : 'an unbalanced {';
}

function render(list: readonly string[]): string {
  return [
    '// Generated by scripts/i18n/shared-strings.ts (`npm run i18n`): do not edit by hand.',
    '// Every English sentence the shared layer (src/domain, src/api), the server, the mock backend',
    '// and the service worker show people, for the catalogue part `shared` (lingui.config.ts).',
    "import { msg } from '@lingui/core/macro';",
    '',
    'export const SHARED_STRINGS = [',
    ...list.map((english) => `  msg\`${templateBody(english)}\`,`),
    '];',
    '',
  ].join('\n');
}

await walkExports();
for (const template of FILLED_SENTENCES) strings.add(template);
sayLiterals();
for (const english of strings) {
  const trouble = icuTrouble(english);
  if (trouble !== null) failures.push(`${JSON.stringify(english)}: ${trouble}`);
}
if (failures.length > 0) {
  console.error(`scripts/i18n/shared-strings.ts: ${failures.length} problem(s):`);
  for (const failure of failures) console.error(`  ${failure}`);
  process.exit(1);
}

const list = [...strings].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
const text = render(list);
const current = fs.existsSync(OUTPUT) ? fs.readFileSync(OUTPUT, 'utf8') : '';
if (process.argv.includes('--check')) {
  if (current === text) process.exit(0);
  const had = new Set(current.split('\n'));
  const has = new Set(text.split('\n'));
  console.error('src/locales/shared-strings.ts is not up to date (npm run i18n writes it):');
  for (const line of has) if (!had.has(line)) console.error(`  + ${line.trim()}`);
  for (const line of had) if (!has.has(line)) console.error(`  - ${line.trim()}`);
  process.exit(1);
}
if (current !== text) fs.writeFileSync(OUTPUT, text);
console.log(`src/locales/shared-strings.ts: ${list.length} English strings.`);
