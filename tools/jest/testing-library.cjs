// jest-dom matchers (toBeInTheDocument, …) for every project's Testing Library tests.
require('@testing-library/jest-dom');
