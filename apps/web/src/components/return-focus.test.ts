import { afterEach, describe, expect, it } from 'vitest';
import { rememberOpener, returnFocus } from './return-focus';

function add(html: string): HTMLElement {
  const box = document.createElement('div');
  box.innerHTML = html;
  document.body.appendChild(box);
  return box;
}

describe('focus back to what opened a side panel', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('returns to the opener, or to its re-rendered twin (same keyed item) when the screen rebuilt it', () => {
    const board = add('<a class="fc-event" tabindex="0"><span data-event-id="job-1">Drain</span></a>');
    board.querySelector<HTMLElement>('.fc-event')?.focus();
    rememberOpener();
    // The panel closes; the calendar re-creates the event's element meanwhile.
    board.innerHTML = '<a class="fc-event" tabindex="0"><span data-event-id="job-1">Drain</span></a>';
    (document.activeElement as HTMLElement | null)?.blur();
    returnFocus();
    expect(document.activeElement).toBe(board.querySelector('.fc-event'));
  });

  it('keeps the first opener when one panel replaces another, and leaves focus alone when it went somewhere', () => {
    const queue = add('<ul><li data-job-id="j2"><a href="/w/demo/jobs/j2">Boiler</a></li></ul>');
    const link = queue.querySelector('a') as HTMLElement;
    link.focus();
    rememberOpener();
    const panel = add('<aside class="drawer"><button>Edit</button></aside>');
    panel.querySelector('button')?.focus();
    rememberOpener();
    panel.remove();
    returnFocus();
    expect(document.activeElement).toBe(link);

    const nav = add('<a href="/w/demo/team">Team</a>');
    (nav.querySelector('a') as HTMLElement).focus();
    returnFocus();
    expect(document.activeElement).toBe(nav.querySelector('a'));
  });

  it('falls back to the page’s main region when nothing opened it or the opener is gone', () => {
    add('<main id="main" tabindex="-1"></main>');
    rememberOpener();
    returnFocus();
    expect(document.activeElement?.id).toBe('main');
  });
});
