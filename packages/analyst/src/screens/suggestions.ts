// Questions a researcher can start from (each answered from the data by the built-in planner).
export const SUGGESTED_QUESTIONS = [
  'ytm on 6.54 GS 2032 at 101.10 clean settling 24-Nov-2026?',
  'how many active Maharashtra SDLs mature after 2030?',
  'highest coupon Tamil Nadu SDL',
  'compare 6.54 GS 2032 vs 7.26 GS 2033',
  'list tax-free bonds',
  'cash flows of 7.26 GS 2033',
] as const
