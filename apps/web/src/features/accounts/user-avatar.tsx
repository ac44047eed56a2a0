import { Avatar, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { initialOf } from './avatar-initial.ts';

export type AvatarSize = Extract<MantineSize, 'sm' | 'md' | 'lg' | 'xl'>;

/** Spec §2: the picture when there is one, else the first letter of the display name; sizes sm to xl. */
export const UserAvatar = ({
  name,
  email,
  photoURL,
  size = 'md',
}: {
  name: string;
  email?: string;
  photoURL: string | null;
  size?: AvatarSize;
}) => {
  const { t } = useTranslation();
  return (
    <Avatar
      src={photoURL || null}
      alt={t('accounts.avatarOf', { name: name || email || '' })}
      radius="xl"
      size={size}
      color="initials"
      name={name || email}
    >
      {initialOf(name, email)}
    </Avatar>
  );
};
