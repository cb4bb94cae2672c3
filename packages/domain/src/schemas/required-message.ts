// "{field} is required" apart from the other validation messages: the first loads of the apps read
// it (support's constants) without the whole table of messages (issue 21).

/** "{field} is required" for a field's label. */
export function requiredMessage(field: string): string {
  return `${field} is required`
}
