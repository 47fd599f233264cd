// Component tests render into jsdom; unmount between tests so timers and listeners never leak.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());
