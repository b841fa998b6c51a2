import { dirname, resolve } from 'node:path';
import ts from 'typescript';

// Type-checks sources that exist only in memory as a user's strict project would: `strict` on,
// `truecost` and its entry points resolved to src/ as tsconfig.json's `paths` resolve them, other
// packages from node_modules. One program for all the sources, however many.
const root = resolve(import.meta.dirname, '..');

function pathsOfTsconfig(): ts.MapLike<string[]> {
  const read = ts.readConfigFile(resolve(root, 'tsconfig.json'), (path) => ts.sys.readFile(path));
  if (read.error !== undefined) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, root);
  const paths = parsed.options.paths;
  if (paths === undefined) throw new Error('tsconfig.json has no paths');
  return paths;
}

/** The compiler options of a project with `strict` on and nothing stricter. */
export function strictOptions(): ts.CompilerOptions {
  return {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: ['node'],
    skipLibCheck: true,
    noEmit: true,
    esModuleInterop: true,
    resolveJsonModule: true,
    paths: pathsOfTsconfig(),
    pathsBasePath: root,
  };
}

/**
 * The errors of `files` (absolute path to source text; each path in an existing directory of the
 * repository, so that package.json's `"type": "module"` applies), one line each as
 * `path:line:column: message`; empty when all compile.
 */
export function typeErrors(files: ReadonlyMap<string, string>, options: ts.CompilerOptions = strictOptions()): string[] {
  const host = ts.createCompilerHost(options, true);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (path) => files.get(path) ?? readFile(path);
  host.fileExists = (path) => files.has(path) || fileExists(path);
  host.getSourceFile = (path, language, onError, create) => {
    const text = files.get(path);
    return text === undefined ? getSourceFile(path, language, onError, create) : ts.createSourceFile(path, text, language, true);
  };
  for (const path of files.keys()) if (!ts.sys.directoryExists(dirname(path))) throw new Error(`${dirname(path)} is not a directory`);
  const program = ts.createProgram({ rootNames: [...files.keys()], options, host });
  const errors: string[] = [];
  for (const diagnostic of [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()]) {
    errors.push(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  }
  for (const path of files.keys()) {
    const file = program.getSourceFile(path);
    if (file === undefined) throw new Error(`${path} was not compiled`);
    for (const diagnostic of [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]) {
      const { line, character } = file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      errors.push(`${path}:${line + 1}:${character + 1}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`);
    }
  }
  return errors;
}
