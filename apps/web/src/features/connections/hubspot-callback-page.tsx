import { CallbackPage } from './callback-page.tsx';

/** `/hubspot/callback`: where HubSpot's OAuth sends the browser back (spec §2). */
export const HubspotCallbackPage = () => <CallbackPage provider="hubspot" />;
