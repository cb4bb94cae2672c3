// The account screens the marketing app serves: sign-in, sign-out, password reset, registration.
export { LoginPage } from './login-page.tsx'
export { LogoutPage } from './logout-page.tsx'
export { ForgotPasswordPage } from './forgot-password-page.tsx'
export { RESET_LINK_INVALID, ResetPasswordPage } from './reset-password-page.tsx'
export { RegisterPage } from './register-page.tsx'
