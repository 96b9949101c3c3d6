/**
 * Profile views (Statistics): one function records a view, whichever page it was on: the business's profile in
 * the app (POST /business/{id}/views, signed in) or its public page (POST /business/{id}/page-views, the page's
 * beacon: public pages are cached by the CDN, so the page itself cannot count). A view is counted once per viewer
 * and day (the signed-in user, else a hash of the address and browser), never the owner's own (in the app: by its
 * sub; on the public page the owner's browser sends no beacon), never a robot's (by its User-Agent).
 */
import { createHash } from 'node:crypto';
import { dayOf } from '../../common/plans';
import { countProfileView } from '../data/statistics';
import { getBusinessById } from '../data/users';

/** User-Agents of robots, previews and scripted browsers: their visits are not views. */
const ROBOT_AGENT =
  /bot|crawl|spider|slurp|scrap|preview|facebookexternalhit|embedly|whatsapp|telegram|headless|lighthouse|pingdom|monitor|curl|wget|python|java\/|go-http|node-fetch|undici|axios|okhttp|httpclient|libwww|^$/i;

export const isRobot = (userAgent: string | undefined) => ROBOT_AGENT.test((userAgent ?? '').trim());

export type ViewOutcome = 'counted' | 'repeat' | 'robot' | 'owner' | 'missing';

export interface ProfileView {
  businessId: string;
  /** The signed-in viewer's Cognito sub (the app); absent on the public page. */
  viewerSub?: string;
  /** The viewer's address (the public page's beacon: with the User-Agent, one viewer a day). */
  viewerIp?: string;
  userAgent?: string;
  at?: Date;
}

/** Records one view of a business's profile (see the file comment); 'missing' when there is no such business. */
export async function recordProfileView(view: ProfileView): Promise<ViewOutcome> {
  const business = await getBusinessById(view.businessId);
  if (!business || business.hidden) return 'missing';
  if (view.viewerSub && view.viewerSub === business.cognitoId) return 'owner';
  if (isRobot(view.userAgent)) return 'robot';
  const at = view.at ?? new Date();
  const day = dayOf(at);
  const viewer = view.viewerSub
    ? `U#${view.viewerSub}`
    : `A#${createHash('sha256')
        .update(`${view.viewerIp ?? ''}|${view.userAgent ?? ''}|${day}`)
        .digest('base64url')
        .slice(0, 22)}`;
  return (await countProfileView(business._id, day, viewer, at)) ? 'counted' : 'repeat';
}
