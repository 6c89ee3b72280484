// Testing Library matchers (toBeInTheDocument, toHaveAttribute, ...) for the type checker; jest loads them in build/jest-setup.cjs.
/// <reference types="@testing-library/jest-dom" />
