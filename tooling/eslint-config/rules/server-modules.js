// `bonds/server-modules`: the API server's modules stay movable folders (ARCHITECTURE.md, "Inside a
// server module"). A file in `apps/api/src/modules/<m>/` imports its own files, another module only
// through `modules/<other>/index.ts`, and the server's shared infrastructure, never the
// composition (`app.ts`, `main.ts`, `demo/`); a file outside the modules imports a module only
// through its index.ts. Relative paths are resolved by hand, so the rule needs no resolver.
import path from 'node:path'

const SRC = /(?:^|\/)apps\/api\/src\/(.+)$/
const MODULE_FILE = /^modules\/([^/]+)\/(.+)$/
const COMPOSITION = /^(?:app\.ts|main\.ts|demo\/.*)$/

/** @type {import('eslint').Rule.RuleModule} */
export const serverModules = {
  meta: {
    type: 'problem',
    docs: { description: 'API modules import each other only through index.ts' },
    schema: [],
    messages: {
      internals:
        "Module '{{own}}' reaches into module '{{other}}' ({{target}}): import '{{other}}/index.ts', react to its events, or move the shared part into shared infrastructure.",
      outside:
        "Import module '{{other}}' through its index.ts, not {{target}} (a module's folder is its own).",
      composition:
        "Module '{{own}}' imports the server's composition ({{target}}): the server wires modules, never the reverse.",
    },
  },
  create(context) {
    const file = context.filename.split(path.sep).join('/')
    const inSrc = SRC.exec(file)
    if (!inSrc) return {}
    const rel = inSrc[1]
    const own = MODULE_FILE.exec(rel)?.[1] ?? null

    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(rel), source))
      if (target.startsWith('..')) return
      const module = MODULE_FILE.exec(target)
      if (own) {
        if (COMPOSITION.test(target)) {
          context.report({ node, messageId: 'composition', data: { own, target } })
        } else if (module && module[1] !== own && module[2] !== 'index.ts') {
          context.report({ node, messageId: 'internals', data: { own, other: module[1], target } })
        }
      } else if (module && module[2] !== 'index.ts') {
        context.report({ node, messageId: 'outside', data: { other: module[1], target } })
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    }
  },
}
