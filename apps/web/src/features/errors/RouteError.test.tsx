import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fake-api';
import { workspaceRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const reportError = vi.hoisted(() => vi.fn(async (_error: unknown) => 'feedfacefeedfacefeedfacefeedface'));
vi.mock('../../monitoring', () => ({ reportError, startMonitoring: vi.fn() }));

describe('the error boundary', () => {
  afterEach(() => reportError.mockClear());

  it('shows what happened, Reload and the report’s event id when a screen throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetch = fakeFetch({
      ...workspaceRoutes('owner'),
      'GET /config': { version: 't', demo: false, faults: true },
    });
    renderApp('/w/demo/debug/throw', fetch);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(await screen.findByTestId('error-reference')).toHaveTextContent('feedfacefeedfacefeedfacefeedface');
    expect(reportError).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringMatching(/on purpose/) }));
    vi.mocked(console.error).mockRestore();
  });

  it('has no fault route unless the server turns fault injection on', async () => {
    renderApp('/w/demo/debug/throw', fakeFetch(workspaceRoutes('owner')));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(reportError).not.toHaveBeenCalled();
  });
});
