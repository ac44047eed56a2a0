import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { zh } from './zh.ts';

type Tree = { [key: string]: string | Tree };

const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : leaves(value, `${prefix}${key}.`),
  );

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('translations', () => {
  const english = new Map(leaves(en));
  const chinese = new Map(leaves(zh));

  it('have the same keys in English and Chinese', () => {
    expect([...chinese.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('leave no Chinese text empty', () => {
    expect([...chinese].filter(([, text]) => !text.trim())).toEqual([]);
  });

  it('keep the same interpolation placeholders in both languages', () => {
    for (const [key, text] of english)
      expect([key, placeholders(chinese.get(key) ?? '')]).toEqual([key, placeholders(text)]);
  });

  it('carry the spec wording of the messages the shell shows', () => {
    expect(en.accounts.failedSignIn).toBe('Failed to sign in');
    expect(en.accounts.failedSignUp).toBe('Failed to create an account');
    expect(en.accounts.passwordsDoNotMatch).toBe('Passwords do not match');
    expect(en.subscriptions.load).toEqual({
      noId: 'No subscription ID provided',
      notAuthenticated: 'User not authenticated',
      notFound: 'Subscription not found',
      accessDenied: 'Access denied',
      fetchError: 'Error fetching subscription data',
    });
  });
});
