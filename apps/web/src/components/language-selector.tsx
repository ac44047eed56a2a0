import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isLanguage, languageNames, languages, type Language } from '../i18n/languages.ts';
import { useLanguage } from '../i18n/use-language.ts';

const options = languages.map((language) => ({ value: language, label: languageNames[language] }));

/**
 * Switches the UI language; each language is named in its own script. A native select: it works the
 * same with touch, keyboard and screen readers, and keeps the popover code off the sign-in page.
 */
export const LanguageSelector = ({ onChange }: { onChange?: (language: Language) => void }) => {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  return (
    <NativeSelect
      aria-label={t('language.label')}
      title={t('language.label')}
      size="xs"
      w={120}
      leftSection={<IconLanguage size={16} stroke={1.6} />}
      data={options}
      value={language}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (!isLanguage(next)) return;
        void setLanguage(next);
        onChange?.(next);
      }}
    />
  );
};
