/** English, namespace `docs`: the user guide. */
export default {
  docs: {
    table: 'Table',
    contents: 'Contents',
    notFound: 'This page of the documentation does not exist.',
    loadError: 'Failed to load this page of the documentation.',
    openApp: 'Open Billbridge',
    signIn: 'Sign in',
  },
} as const;
