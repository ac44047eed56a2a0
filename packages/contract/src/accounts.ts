import { z } from 'zod';
import { defineFunction } from './define-function.ts';
import { languageCodes } from './identity.ts';

/** Spec §3 "Auth user". */
export const authUserSchema = z.object({
  uid: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  displayName: z.string(),
  photoURL: z.string().nullable(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/** Spec §3 "User document" (timestamps as ISO strings), plus the saved interface language. */
export const userDocumentSchema = z.object({
  display_name: z.string().nullable(),
  avatar_url: z.string().nullable(),
  create_time: z.string(),
  last_updated: z.string(),
  language: z.enum(languageCodes).nullable(),
});
export type UserDocument = z.infer<typeof userDocumentSchema>;

export const profileSchema = z.object({
  user: authUserSchema,
  profile: userDocumentSchema,
  /** False for an account made through a social provider that never set a password. */
  hasPassword: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

export const displayNameMaxLength = 100;

export const getProfile = defineFunction({
  name: 'getProfile',
  input: z.object({}),
  output: profileSchema,
  requires: 'signed-in',
});

/** Name edit (spec §5: non-empty) and the profile's language switch; either or both. */
export const updateProfile = defineFunction({
  name: 'updateProfile',
  input: z
    .object({
      displayName: z.string().trim().min(1, 'Name is required').max(displayNameMaxLength).optional(),
      language: z.enum(languageCodes).optional(),
    })
    .refine((value) => value.displayName !== undefined || value.language !== undefined, {
      message: 'Nothing to update',
    }),
  output: profileSchema,
  requires: 'signed-in',
});
