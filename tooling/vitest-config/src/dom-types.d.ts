// Types of the jest-dom matchers (toBeInTheDocument, …) for DOM tests.
import '@testing-library/jest-dom/vitest'
