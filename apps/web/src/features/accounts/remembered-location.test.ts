import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberLocation, safeReturnPath, takeRememberedLocation } from './remembered-location.ts';

const memoryStorage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
};

beforeEach(() => {
  vi.stubGlobal('sessionStorage', memoryStorage());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('safeReturnPath', () => {
  it('accepts app paths with their query and hash', () => {
    expect(safeReturnPath('/subscription/abc/users?page=2#top')).toBe('/subscription/abc/users?page=2#top');
  });

  it('refuses other origins and protocol-relative or backslash tricks', () => {
    expect(safeReturnPath('https://evil.example/')).toBeUndefined();
    expect(safeReturnPath('//evil.example/')).toBeUndefined();
    expect(safeReturnPath('/\\evil.example/')).toBeUndefined();
    expect(safeReturnPath(42)).toBeUndefined();
  });

  it('never returns to the sign-in or sign-up page', () => {
    expect(safeReturnPath('/signin')).toBeUndefined();
    expect(safeReturnPath('/signup?x=1')).toBeUndefined();
  });
});

describe('takeRememberedLocation', () => {
  it('prefers the location carried in router state', () => {
    rememberLocation('/profile');
    expect(takeRememberedLocation({ from: '/create-plan' }, '/dashboard')).toBe('/create-plan');
  });

  it('falls back to the stored location once, then to the default', () => {
    rememberLocation('/profile');
    expect(takeRememberedLocation(null, '/dashboard')).toBe('/profile');
    expect(takeRememberedLocation(null, '/dashboard')).toBe('/dashboard');
  });

  it('ignores an unsafe stored location', () => {
    rememberLocation('//evil.example');
    expect(takeRememberedLocation(undefined, '/dashboard')).toBe('/dashboard');
  });
});
