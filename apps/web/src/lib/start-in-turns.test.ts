import { describe, expect, it } from 'vitest';
import { startInTurns } from './start-in-turns';

describe('startInTurns', () => {
  it('starts each in a task of its own, in order, and resolves with all results', async () => {
    const events: string[] = [];
    const done = startInTurns(
      ['a', 'b', 'c'].map((name) => () => {
        events.push(`start ${name}`);
        // A task queued by each start runs before the next start: each was a task of its own.
        setTimeout(() => events.push(`after ${name}`));
        return Promise.resolve(name);
      }),
    );
    expect(events).toEqual([]);
    await expect(done).resolves.toEqual(['a', 'b', 'c']);
    expect(events).toEqual(['start a', 'after a', 'start b', 'after b', 'start c']);
  });
});
