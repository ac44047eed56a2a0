import { describe, expect, it } from 'vitest';
import { openActionCode, sealActionCode } from './action-code.ts';

const secret = 'a-secret-of-at-least-thirty-two-characters';
const inAnHour = new Date(Date.now() + 3_600_000);

describe('action codes', () => {
  it('opens a sealed code to its token while it is fresh', () => {
    const code = sealActionCode(secret, 'resetPassword', 'tok123', inAnHour);
    expect(openActionCode(secret, 'resetPassword', code)).toEqual({ token: 'tok123', expired: false });
  });

  it('reports a code past its expiry as expired', () => {
    const code = sealActionCode(secret, 'resetPassword', 'tok123', inAnHour);
    expect(openActionCode(secret, 'resetPassword', code, new Date(inAnHour.getTime() + 1000))).toEqual({
      token: 'tok123',
      expired: true,
    });
  });

  it('refuses a stretched expiry, another mode, another secret and garbage', () => {
    const code = sealActionCode(secret, 'resetPassword', 'tok123', inAnHour);
    const [token, expiry, mac] = code.split('.');
    expect(openActionCode(secret, 'resetPassword', `${token}.${Number(expiry) + 3600}.${mac}`)).toBeNull();
    expect(openActionCode(secret, 'recoverEmail', code)).toBeNull();
    expect(openActionCode(`${secret}-other`, 'resetPassword', code)).toBeNull();
    expect(openActionCode(secret, 'resetPassword', 'tok123')).toBeNull();
    expect(openActionCode(secret, 'resetPassword', 'a.b.c')).toBeNull();
  });
});
