import type { Translations } from '../en.ts';

/** Chinese (simplified), namespace `docs`. */
const translations: Pick<Translations, 'docs'> = {
  docs: {
    table: '表格',
    contents: '目录',
    notFound: '文档中没有此页面。',
    loadError: '无法加载此文档页面。',
    openApp: '打开 Billbridge',
    signIn: '登录',
  },
};

export default translations;
