import { useState } from 'react';
import { Button, Divider, Stack } from '@mantine/core';
import {
  IconBrandApple,
  IconBrandFacebook,
  IconBrandGithub,
  IconBrandGoogle,
  IconBrandWindows,
  IconBrandX,
  IconBrandYahoo,
  type Icon,
} from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes, type SocialProviderId } from '@billbridge/contract';
import { identity, type IdentityError } from './identity.ts';
import { socialProvidersQuery } from './social-providers-query.ts';
import { peekRememberedLocation } from './remembered-location.ts';

const icons: Record<SocialProviderId, Icon> = {
  google: IconBrandGoogle,
  microsoft: IconBrandWindows,
  apple: IconBrandApple,
  facebook: IconBrandFacebook,
  github: IconBrandGithub,
  twitter: IconBrandX,
  yahoo: IconBrandYahoo,
};

/**
 * Spec §1: a button per provider the server has enabled; a disabled provider shows none. It suspends
 * until the list is in, so its page appears with its buttons, not before them (issue 31 §3).
 */
export const SocialSignIn = ({ onError }: { onError: (error: IdentityError) => void }) => {
  const { t } = useTranslation();
  const location = useLocation();
  const [leaving, setLeaving] = useState<SocialProviderId | null>(null);
  const { data: providers } = useSuspenseQuery(socialProvidersQuery);
  if (!providers.length) return null;

  const start = async (provider: SocialProviderId) => {
    setLeaving(provider);
    const callbackURL = peekRememberedLocation(location.state, routes.dashboard);
    const result = await identity.signInSocial(provider, callbackURL, routes.signIn);
    if (result.data?.url) {
      window.location.assign(result.data.url);
      return;
    }
    setLeaving(null);
    onError(result.error ?? { status: 500 });
  };

  return (
    <Stack gap="xs">
      <Divider label={t('accounts.orContinueWith')} labelPosition="center" />
      {providers.map((provider) => {
        const ProviderIcon = icons[provider];
        return (
          <Button
            key={provider}
            variant="default"
            fullWidth
            leftSection={<ProviderIcon size={18} />}
            loading={leaving === provider}
            disabled={leaving !== null && leaving !== provider}
            onClick={() => void start(provider)}
          >
            {t('accounts.continueWith', { provider: t(`socialProviders.${provider}`) })}
          </Button>
        );
      })}
    </Stack>
  );
};
