export { default } from '@bonds/eslint-config'
