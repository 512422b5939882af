import fc from 'fast-check'

/** JSON-ish values with deep nesting, operator keys and prototype keys, for fuzzing bodies (docs/security.md 25). */
export const hostileValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string(),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(
        fc.string(),
        fc.constantFrom('$ne', '$gt', '$where', '$regex', '__proto__', 'constructor', 'prototype'),
      ),
      tie('value'),
      { maxKeys: 4 },
    ),
  ),
})).value
