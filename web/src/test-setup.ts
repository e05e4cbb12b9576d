import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// relay-test-utils' mock environment calls jest.fn(): vitest's vi offers the same.
(globalThis as unknown as { jest: typeof vi }).jest = vi;

afterEach(() => cleanup());
