import { implement } from '../../functions/framework.ts';
import { loadProfile } from './profile.ts';

/** The signed-in user's auth record and user document, for the profile page (spec §2). */
export const getProfile = implement('getProfile', async (_input, { app, caller }) =>
  loadProfile(app.database.db, caller.userId),
);
