/** Prettier settings shared by every package. */
export default {
  printWidth: 100,
  singleQuote: true,
  semi: false,
  trailingComma: 'all',
}
