// The API report: every name each entry point of package.json's "exports" gives, with its type or
// signature, one file per entry under api/ (api/truecost.api.md, api/truecost-http.api.md, ...).
// test/api-report.test.ts builds the same text in memory and fails when a committed file differs,
// so that a change of the public API (a name, a parameter, a field, a type) is seen in review and
// follows docs/versioning.md.
//
//   npm run api:report            rewrite api/*.api.md from the sources
//   npm run api:report -- --check exit 1 and print the differences when a file is stale
//
// It reads the sources with the TypeScript compiler (no build needed): the entry's file is the
// source of its "types" path (dist/http/index.d.ts is src/http/index.ts).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** One entry point of the package and the source file of its types. */
export interface ApiEntry {
  /** The import specifier: `truecost`, `truecost/http`, `truecost/stores/memory`, ... */
  readonly specifier: string;
  /** The source file, relative to the repository (`src/http/index.ts`). */
  readonly source: string;
  /** The report file, relative to the repository (`api/truecost-http.api.md`). */
  readonly report: string;
}

const UPDATE_COMMAND = 'npm run api:report';

/** The entry points of package.json's "exports", in its order, with their sources and reports. */
export function apiEntries(root: string): ApiEntry[] {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    name: string;
    exports: Record<string, unknown>;
  };
  const entries: ApiEntry[] = [];
  for (const [path, conditions] of Object.entries(manifest.exports)) {
    const types = typesPath(conditions);
    if (types === undefined) continue; // ./package.json
    const source = types.replace(/^\.\/dist\//, 'src/').replace(/\.d\.c?ts$/, '.ts');
    const specifier = path === '.' ? manifest.name : `${manifest.name}/${path.slice(2)}`;
    entries.push({ specifier, source, report: `api/${specifier.replaceAll('/', '-')}.api.md` });
  }
  return entries;
}

function typesPath(conditions: unknown): string | undefined {
  if (typeof conditions !== 'object' || conditions === null) return undefined;
  const record = conditions as Record<string, unknown>;
  if (typeof record['types'] === 'string') return record['types'];
  for (const key of ['import', 'require']) {
    const found = typesPath(record[key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

let external: (declaration: ts.Declaration) => boolean = () => false;

const FORMAT =
  ts.TypeFormatFlags.NoTruncation |
  ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope |
  ts.TypeFormatFlags.WriteArrayAsGenericType |
  ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType;

/** The text of every report, by its path relative to the repository. */
export function apiReports(root: string): Map<string, string> {
  const entries = apiEntries(root);
  const configPath = join(root, 'tsconfig.json');
  const config = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root, { noEmit: true }, configPath);
  const program = ts.createProgram({
    rootNames: entries.map((entry) => resolve(root, entry.source)),
    options: parsed.options,
  });
  const checker = program.getTypeChecker();
  // Members a class or interface inherits from the platform (HTMLElement, Error) or a dependency
  // are that type's API, not truecost's: the heritage clause names them.
  external = (declaration) => {
    const source = declaration.getSourceFile();
    return program.isSourceFileDefaultLibrary(source) || source.fileName.includes('/node_modules/');
  };
  const reports = new Map<string, string>();
  for (const entry of entries) {
    const file = program.getSourceFile(resolve(root, entry.source));
    if (file === undefined) throw new Error(`api-report: ${entry.source} (the types of ${entry.specifier}) is missing`);
    const module = checker.getSymbolAtLocation(file);
    const exported = module === undefined ? [] : checker.getExportsOfModule(module);
    const blocks = exported
      .map((symbol) => describeExport(checker, symbol))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map((described) => described.text);
    reports.set(entry.report, render(entry, blocks, root));
  }
  return reports;
}

function render(entry: ApiEntry, blocks: readonly string[], root: string): string {
  const text = blocks.join('\n\n').replaceAll(root, '.');
  return [
    `# API report: ${entry.specifier}`,
    '',
    `Every name \`${entry.specifier}\` exports, with its type, as the TypeScript compiler reads ${entry.source}.`,
    `Written by \`${UPDATE_COMMAND}\` (scripts/api-report.ts); \`npm test\` fails when it is stale. A change here is a change of`,
    'the public API: its changeset follows docs/versioning.md.',
    '',
    '```ts',
    text,
    '```',
    '',
  ].join('\n');
}

interface Described {
  readonly name: string;
  readonly text: string;
}

function describeExport(checker: ts.TypeChecker, exported: ts.Symbol): Described {
  const name = exported.getName();
  const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  const parts: string[] = [];
  const declaration = symbol.declarations?.[0];
  const deprecated = isDeprecated(symbol, checker) ? '/** @deprecated */\n' : '';

  if (symbol.flags & ts.SymbolFlags.Class) {
    parts.push(describeClass(checker, name, symbol));
  } else if (symbol.flags & ts.SymbolFlags.Enum) {
    parts.push(describeEnum(checker, name, symbol));
  } else if (symbol.flags & ts.SymbolFlags.Function) {
    const type = checker.getTypeOfSymbol(symbol);
    for (const signature of type.getCallSignatures()) {
      parts.push(`function ${name}${signatureText(checker, signature)};`);
    }
  } else if (symbol.flags & ts.SymbolFlags.Variable) {
    const type = checker.getTypeOfSymbol(symbol);
    const constant = declaration !== undefined && ts.isVariableDeclaration(declaration) && (ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const) !== 0;
    parts.push(`${constant ? 'const' : 'let'} ${name}: ${typeText(checker, type)};`);
  } else if (symbol.flags & ts.SymbolFlags.ValueModule) {
    parts.push(`namespace ${name} { ${checker.getExportsOfModule(symbol).map((member) => member.getName()).sort().join(', ')} }`);
  }
  if (symbol.flags & ts.SymbolFlags.Interface) {
    parts.push(describeInterface(checker, name, symbol));
  }
  if (symbol.flags & ts.SymbolFlags.TypeAlias) {
    const type = checker.getDeclaredTypeOfSymbol(symbol);
    const aliasDeclaration = symbol.declarations?.find(ts.isTypeAliasDeclaration);
    parts.push(`type ${name}${typeParameters(aliasDeclaration)} = ${typeText(checker, type, ts.TypeFormatFlags.InTypeAlias)};`);
  }
  if (parts.length === 0) parts.push(`/* ${name}: ${ts.SymbolFlags[symbol.flags] ?? symbol.flags} */`);
  return { name, text: deprecated + parts.join('\n') };
}

function isDeprecated(symbol: ts.Symbol, checker: ts.TypeChecker): boolean {
  return symbol.getJsDocTags(checker).some((tag) => tag.name === 'deprecated');
}

function typeParameters(declaration: ts.DeclarationWithTypeParameterChildren | undefined): string {
  const parameters = declaration?.typeParameters;
  if (parameters === undefined || parameters.length === 0) return '';
  return `<${parameters.map((parameter) => parameter.getText()).join(', ')}>`;
}

function typeText(checker: ts.TypeChecker, type: ts.Type, extra: ts.TypeFormatFlags = ts.TypeFormatFlags.None): string {
  return checker.typeToString(type, undefined, FORMAT | extra);
}

function signatureText(checker: ts.TypeChecker, signature: ts.Signature): string {
  return checker.signatureToString(signature, undefined, FORMAT);
}

function memberLines(checker: ts.TypeChecker, type: ts.Type, owner: ts.Symbol | undefined): string[] {
  const lines: string[] = [];
  for (const signature of type.getConstructSignatures()) lines.push(`new ${signatureText(checker, signature)};`);
  for (const signature of type.getCallSignatures()) lines.push(`${signatureText(checker, signature)};`);
  for (const info of checker.getIndexInfosOfType(type)) {
    lines.push(`${info.isReadonly ? 'readonly ' : ''}[key: ${typeText(checker, info.keyType)}]: ${typeText(checker, info.type)};`);
  }
  const properties = [...checker.getPropertiesOfType(type)].sort((a, b) => (a.getName() < b.getName() ? -1 : 1));
  for (const property of properties) {
    const declaration = property.valueDeclaration ?? property.declarations?.[0];
    const modifiers = declaration === undefined ? 0 : ts.getCombinedModifierFlags(declaration);
    if (modifiers & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected) || property.getName().startsWith('#')) continue;
    if (owner !== undefined && (declaration === undefined || (property.declarations ?? []).every(external))) continue;
    const optional = property.flags & ts.SymbolFlags.Optional ? '?' : '';
    const deprecated = isDeprecated(property, checker) ? '/** @deprecated */ ' : '';
    const propertyType = checker.getTypeOfSymbol(property);
    if (property.flags & ts.SymbolFlags.Method) {
      const signatures = checker.getNonNullableType(propertyType).getCallSignatures();
      for (const signature of signatures) lines.push(`${deprecated}${property.getName()}${optional}${signatureText(checker, signature)};`);
      continue;
    }
    const readonly = modifiers & ts.ModifierFlags.Readonly || isReadonlyProperty(declaration) ? 'readonly ' : '';
    lines.push(`${deprecated}${readonly}${property.getName()}${optional}: ${typeText(checker, propertyType)};`);
  }
  return lines;
}

function isReadonlyProperty(declaration: ts.Declaration | undefined): boolean {
  if (declaration === undefined) return false;
  if (ts.isPropertySignature(declaration) || ts.isPropertyDeclaration(declaration)) {
    return declaration.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ReadonlyKeyword) ?? false;
  }
  return false;
}

function indent(lines: readonly string[]): string {
  return lines.map((line) => `  ${line}`).join('\n');
}

function describeInterface(checker: ts.TypeChecker, name: string, symbol: ts.Symbol): string {
  const type = checker.getDeclaredTypeOfSymbol(symbol);
  const declaration = symbol.declarations?.find(ts.isInterfaceDeclaration);
  const lines = memberLines(checker, type, symbol);
  const heritage = (declaration?.heritageClauses ?? []).map((clause) => clause.getText()).join(' ');
  return `interface ${name}${typeParameters(declaration)}${heritage === '' ? '' : ` ${heritage}`} {${lines.length > 0 ? `\n${indent(lines)}\n` : ' '}}`;
}

function describeClass(checker: ts.TypeChecker, name: string, symbol: ts.Symbol): string {
  const declaration = symbol.declarations?.find(ts.isClassDeclaration);
  const heritage = declaration?.heritageClauses?.map((clause) => clause.getText()).join(' ') ?? '';
  const staticType = checker.getTypeOfSymbol(symbol);
  const staticLines = memberLines(checker, staticType, symbol)
    .filter((line) => !line.startsWith('prototype'))
    .map((line) => (line.startsWith('new ') ? `constructor${line.slice(4)}` : `static ${line}`));
  const instanceLines = memberLines(checker, checker.getDeclaredTypeOfSymbol(symbol), symbol);
  const lines = [...staticLines, ...instanceLines];
  return `class ${name}${typeParameters(declaration)}${heritage === '' ? '' : ` ${heritage}`} {\n${indent(lines)}\n}`;
}

function describeEnum(checker: ts.TypeChecker, name: string, symbol: ts.Symbol): string {
  const lines = checker
    .getExportsOfModule(symbol)
    .map((member) => `${member.getName()} = ${JSON.stringify(checker.getConstantValue(member.valueDeclaration as ts.EnumMember))},`);
  return `enum ${name} {\n${indent(lines)}\n}`;
}

/** A line diff of two texts: the lines only in the committed file (-) and only in the new (+). */
export function lineDiff(committed: string, current: string): string {
  const a = committed.split('\n');
  const b = current.split('\n');
  // The longest common subsequence of lines, enough for reports of a few thousand lines.
  const rows = a.length + 1;
  const columns = b.length + 1;
  const table = new Uint32Array(rows * columns);
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      table[i * columns + j] = a[i] === b[j] ? (table[(i + 1) * columns + j + 1] ?? 0) + 1 : Math.max(table[(i + 1) * columns + j] ?? 0, table[i * columns + j + 1] ?? 0);
    }
  }
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      i += 1;
      j += 1;
    } else if (j < b.length && (i === a.length || (table[i * columns + j + 1] ?? 0) >= (table[(i + 1) * columns + j] ?? 0))) {
      out.push(`+ ${b[j]}`);
      j += 1;
    } else {
      out.push(`- ${a[i]}`);
      i += 1;
    }
  }
  return out.join('\n');
}

/** The stale reports: for each, its diff and what to run. Empty when every report is current. */
export function staleReports(root: string, reports: Map<string, string> = apiReports(root)): string[] {
  const problems: string[] = [];
  for (const [path, text] of reports) {
    const file = join(root, path);
    const committed = existsSync(file) ? readFileSync(file, 'utf8') : '';
    if (committed !== text) problems.push(`${path} is stale; run \`${UPDATE_COMMAND}\` and commit it (with a changeset per docs/versioning.md):\n${lineDiff(committed, text)}`);
  }
  const directory = join(root, 'api');
  if (existsSync(directory)) {
    for (const name of readdirSync(directory)) {
      const path = `api/${name}`;
      if (name.endsWith('.api.md') && !reports.has(path)) problems.push(`${path} names no entry point of package.json; run \`${UPDATE_COMMAND}\` to remove it`);
    }
  }
  return problems;
}

function main(): void {
  const root = resolve(import.meta.dirname, '..');
  const reports = apiReports(root);
  if (process.argv.includes('--check')) {
    const problems = staleReports(root, reports);
    for (const problem of problems) console.error(problem);
    process.exitCode = problems.length > 0 ? 1 : 0;
    return;
  }
  mkdirSync(join(root, 'api'), { recursive: true });
  for (const name of readdirSync(join(root, 'api'))) {
    if (name.endsWith('.api.md') && !reports.has(`api/${name}`)) rmSync(join(root, 'api', name));
  }
  for (const [path, text] of reports) {
    const file = join(root, path);
    const before = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    if (before !== text) writeFileSync(file, text);
    console.log(`${before === text ? 'unchanged' : 'written  '} ${relative(root, file)}`);
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(import.meta.filename)) main();
