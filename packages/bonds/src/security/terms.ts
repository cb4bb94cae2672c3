// The terms @bonds/pricing prices a bond from (`termsOfFinstrument`, shared with the quote form).
export { termsOfFinstrument as termsOf } from '@bonds/pricing'
