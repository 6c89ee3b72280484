// Testing Library matchers (toBeInTheDocument, ...) for the type checker; jest loads them in the shared jest setup.
/// <reference types="@testing-library/jest-dom" />
