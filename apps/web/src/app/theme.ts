import {
  Code,
  createTheme,
  darken,
  DEFAULT_THEME,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from '@mantine/core';

/**
 * WCAG AA asks text to read 4.5:1 (issue 31 §4, checked by axe in the browser suite). Mantine's
 * defaults do not: white on indigo 6 reads 4.3, green 8 3.4, orange and yellow text under 3, and a
 * light badge's text (shade 6 on its tint) about 2.5. So every colour's main shade is 9, orange's and
 * yellow's 9 are darkened until they read 4.5 on white, and light variants take a darker text.
 */
const readableNine = (palette: MantineColorsTuple, amount: number): MantineColorsTuple =>
  [...palette.slice(0, 9), darken(palette[9], amount)] as unknown as MantineColorsTuple;

/** Text of the light variant (badges, light buttons, alerts' titles): shade 9, darkened a third. */
const variantColorResolver: VariantColorsResolver = (input) => {
  const defaults = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return defaults;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || parsed.color === 'dark') return defaults;
  const text = darken(input.theme.colors[parsed.color]?.[9] ?? parsed.value, 0.3);
  return { ...defaults, color: text, hoverColor: text };
};

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: 9,
  colors: {
    orange: readableNine(DEFAULT_THEME.colors.orange, 0.25),
    yellow: readableNine(DEFAULT_THEME.colors.yellow, 0.4),
  },
  // Filled controls of a light colour take dark text.
  autoContrast: true,
  luminanceThreshold: 0.18,
  variantColorResolver,
  defaultRadius: 'md',
  components: {
    // An inline id has no spaces: it wraps anywhere, so a narrow screen never makes it a scroll box
    // that the keyboard cannot reach (axe's scrollable-region-focusable).
    Code: Code.extend({
      styles: (_theme, props) => (props.block ? {} : { root: { wordBreak: 'break-all' } }),
    }),
  },
  // The system stacks first; a CJK face after them so Chinese never falls back to boxes.
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, "PingFang SC", "Microsoft YaHei", "WenQuanYi Micro Hei", "Noto Sans CJK SC", sans-serif',
});

/**
 * Mantine's dimmed text (gray 6) reads 3.3:1 on white: gray 7 reads 8:1. A field's error message
 * (red 6) reads 3.6:1: red 9 reads 5.4:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
