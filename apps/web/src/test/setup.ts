import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazy routes and FullCalendar render asynchronously; on a loaded 2-core CI machine the default
// 1 s wait for findBy*/waitFor is too short to tell "slow" from "never".
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
