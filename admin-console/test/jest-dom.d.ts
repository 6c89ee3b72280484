// Testing Library matchers for the type checker; jest loads them through the shared preset's setup file.
/// <reference types="@testing-library/jest-dom" />
