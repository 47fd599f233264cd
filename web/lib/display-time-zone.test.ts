import { afterEach, describe, expect, it } from 'vitest';
import { formatPostingDate, setDisplayTimeZone } from '../../shared/format';
import { applyPageTimeZone } from './display-time-zone';

const setMeta = (content: string) => {
  const meta = document.createElement('meta');
  meta.name = 'display-time-zone';
  meta.content = content;
  document.head.append(meta);
};

afterEach(() => {
  for (const meta of document.head.querySelectorAll('meta')) meta.remove();
  setDisplayTimeZone('Asia/Singapore');
});

describe('applyPageTimeZone', () => {
  it('shows dates in the zone the server wrote into the page', () => {
    setMeta('Africa/Harare');
    expect(applyPageTimeZone()).toBe('Africa/Harare');
    expect(formatPostingDate('2024-03-05T16:30:00.000Z')).toBe('Mar 5, 2024, 6:30 PM');
  });

  it("keeps the spec's Asia/Singapore without the tag (the vite dev server) or with a zone it does not know", () => {
    expect(applyPageTimeZone()).toBe('Asia/Singapore');
    setMeta('Mars/Olympus');
    expect(applyPageTimeZone()).toBe('Asia/Singapore');
    expect(formatPostingDate('2024-03-05T16:30:00.000Z')).toBe('Mar 6, 2024, 12:30 AM');
  });
});
