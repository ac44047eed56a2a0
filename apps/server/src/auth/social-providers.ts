import type { BetterAuthOptions } from 'better-auth';
import type { GenericOAuthConfig } from 'better-auth/plugins';
import type { SocialProviderId } from '@billbridge/contract';
import type { Config, SocialProviderConfig } from '../config/env.ts';

/** OpenID Connect providers: everything else (endpoints, keys, issuer) comes from their discovery document. */
const oidcIssuers = (config: Pick<Config, 'googleIssuer'>): Partial<Record<SocialProviderId, string>> => ({
  google: config.googleIssuer,
  yahoo: 'https://api.login.yahoo.com',
});

/**
 * Google (and Yahoo) through better-auth's generic OAuth plugin with OIDC discovery: production
 * reads Google's own discovery document, the tests point GOOGLE_ISSUER at a local provider, and
 * both run this same code (ID token checked against the provider's JWKS, PKCE, nonce).
 */
export const oidcProviderConfigs = (
  config: Pick<Config, 'googleIssuer' | 'socialProviders'>,
): GenericOAuthConfig[] => {
  const issuers = oidcIssuers(config);
  return config.socialProviders.flatMap(({ id, clientId, clientSecret }) => {
    const issuer = issuers[id];
    if (!issuer) return [];
    return [
      {
        providerId: id,
        discoveryUrl: `${issuer}/.well-known/openid-configuration`,
        clientId,
        clientSecret,
        scopes: ['openid', 'email', 'profile'],
        pkce: true,
        requireIdTokenVerification: true,
      },
    ];
  });
};

type BuiltIn = NonNullable<BetterAuthOptions['socialProviders']>;

const builtInOf = (provider: SocialProviderConfig, tenantId: string): BuiltIn => {
  const credentials = { clientId: provider.clientId, clientSecret: provider.clientSecret };
  switch (provider.id) {
    case 'microsoft':
      return { microsoft: { ...credentials, tenantId } };
    case 'apple':
      return { apple: credentials };
    case 'facebook':
      return { facebook: credentials };
    case 'github':
      return { github: credentials };
    case 'twitter':
      return { twitter: credentials };
    default:
      return {};
  }
};

/** The OAuth providers better-auth ships (Microsoft, Apple, Facebook, GitHub, X/Twitter). */
export const builtInSocialProviders = (
  config: Pick<Config, 'socialProviders' | 'microsoftTenantId'>,
): BuiltIn =>
  Object.assign(
    {},
    ...config.socialProviders.map((provider) => builtInOf(provider, config.microsoftTenantId)),
  );
