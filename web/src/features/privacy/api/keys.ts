/** Query keys of the caller's data rights: their data export and their account's deletion. */
export const privacyKeys = {
  all: ['privacy'] as const,
  dataExport: () => ['privacy', 'export'] as const,
  deletion: () => ['privacy', 'deletion'] as const,
};
