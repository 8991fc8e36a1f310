import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionState, sessionStore } from './session-store';

const KEY = 'ekp-token';

describe('session store', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') });
    sessionStore.clear();
  });
  afterEach(() => {
    sessionStore.clear();
    vi.useRealTimers();
  });

  it('derives the three states of spec §4.1', () => {
    const future = new Date(Date.now() + 1000).toISOString();
    const past = new Date(Date.now() - 1000).toISOString();
    expect(sessionState(null).kind).toBe('loggedOut');
    expect(sessionState({ token: 't', ablaufdatum: past, kundennummer: '1' }).kind).toBe(
      'loggedOut',
    );
    expect(sessionState({ token: '', ablaufdatum: past, kundennummer: '1' }).kind).toBe(
      'loggedOut',
    );
    expect(sessionState({ token: 't', ablaufdatum: future, kundennummer: '1' }).kind).toBe(
      'loggedIn',
    );
    expect(sessionState({ token: '', ablaufdatum: future, kundennummer: '1' }).kind).toBe(
      'forcedChange',
    );
  });

  it('stores the session under ekp-token with the expiry from the ttl', () => {
    sessionStore.start('abc', 1800, '10001');
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual({
      token: 'abc',
      ablaufdatum: '2026-11-22T10:30:00.000Z',
      kundennummer: '10001',
    });
  });

  it('keeps the forced-change state for 300 seconds', () => {
    sessionStore.startForcedChange('10003');
    expect(sessionStore.state().kind).toBe('forcedChange');
    vi.advanceTimersByTime(299_000);
    expect(sessionStore.state().kind).toBe('forcedChange');
    vi.advanceTimersByTime(1_000);
    expect(sessionStore.state().kind).toBe('loggedOut');
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('renews the expiry of a live session with every ttl, and not of the forced state', () => {
    sessionStore.start('abc', 1800, '10001');
    vi.advanceTimersByTime(1_000_000);
    sessionStore.renew(1800);
    expect(sessionStore.get()?.ablaufdatum).toBe(new Date(Date.now() + 1_800_000).toISOString());
    sessionStore.startForcedChange('10003');
    const before = sessionStore.get()?.ablaufdatum;
    sessionStore.renew(1800);
    expect(sessionStore.get()?.ablaufdatum).toBe(before);
  });

  it('logs out when the expiry passes and tells its listeners', () => {
    const listener = vi.fn();
    const unsubscribe = sessionStore.subscribe(listener);
    sessionStore.start('abc', 60, '10001');
    listener.mockClear();
    vi.advanceTimersByTime(60_000);
    expect(sessionStore.state().kind).toBe('loggedOut');
    expect(listener).toHaveBeenCalled();
    unsubscribe();
  });

  it('follows a change that another tab makes', () => {
    const listener = vi.fn();
    const unsubscribe = sessionStore.subscribe(listener);
    const session = {
      token: 'other',
      ablaufdatum: new Date(Date.now() + 60_000).toISOString(),
      kundennummer: '10002',
    };
    localStorage.setItem(KEY, JSON.stringify(session));
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    expect(sessionStore.get()).toEqual(session);
    localStorage.removeItem(KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    expect(sessionStore.state().kind).toBe('loggedOut');
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('treats a damaged entry as logged out', () => {
    localStorage.setItem(KEY, '{kaputt');
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    expect(sessionStore.state().kind).toBe('loggedOut');
  });
});
