import { describe, expect, it } from 'vitest';
import { businessDomainOf } from './email-domains.ts';

describe('businessDomainOf', () => {
  it.each(['ada@gmail.com', 'li@qq.com', 'wang@163.com', 'bo@outlook.com', 'x@mailinator.com'])(
    '%s is free-mail or disposable: no company',
    (email) => {
      expect(businessDomainOf(email)).toBeUndefined();
    },
  );

  it('gives the lower-cased domain of a business address', () => {
    expect(businessDomainOf(' Ada@Analytical-Engines.Example ')).toBe('analytical-engines.example');
  });

  it('gives nothing for an address without a domain', () => {
    expect(businessDomainOf('ada')).toBeUndefined();
    expect(businessDomainOf('ada@localhost')).toBeUndefined();
  });
});
