// An ESLint rule: a web feature never imports another feature (docs/architecture.md, Code layout). Shared
// pieces belong in web/src/components or web/src/lib, where every feature may import them.
import { dirname, relative, resolve, sep } from 'node:path'

/** The feature folder a file lies in (`web/src/features/<name>/…`), or null. */
function featureOf(file) {
  const parts = file.split(sep)
  const at = parts.lastIndexOf('features')
  return at > 0 && parts[at - 1] === 'src' && at + 1 < parts.length - 1
    ? parts.slice(0, at + 2).join(sep)
    : null
}

export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'a web feature imports only itself, components/ and lib/' },
    messages: {
      crossing:
        "'{{source}}' is in the feature '{{other}}': features never import each other; move what they share to components/ or lib/.",
    },
    schema: [],
  },
  create(context) {
    const own = featureOf(context.filename)
    if (own === null) return {}
    const check = (node) => {
      const source = node.source?.value
      if (typeof source !== 'string' || !source.startsWith('.')) return
      const target = featureOf(resolve(dirname(context.filename), source))
      if (target !== null && target !== own)
        context.report({
          node,
          messageId: 'crossing',
          data: { source, other: relative(dirname(own), target) },
        })
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    }
  },
}
