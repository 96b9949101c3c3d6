/**
 * The view beacon of a business's public page: the page is cached by the CDN, so a small script reports the view
 * to the API (POST /business/{id}/page-views, no sign-in; counted once per browser a day, robots left out by their
 * User-Agent: lambdas/domain/profileViews.ts). The owner's own browser sends none (the web app keeps the signed-in
 * business's id under OWN_BUSINESS_STORAGE_KEY). Without JavaScript nothing is counted: robots mostly run none.
 */
import { OWN_BUSINESS_STORAGE_KEY } from '../../common/publicPages';

/** The script (fixed text: the CSP allows it by its hash, infra/constructs/webHosting.ts). */
export const VIEW_BEACON_SCRIPT = `(function(){try{var e=document.querySelector('[data-view-beacon]');if(!e)return;var id=e.getAttribute('data-business');if(window.localStorage&&localStorage.getItem('${OWN_BUSINESS_STORAGE_KEY}')===id)return;fetch(e.getAttribute('data-view-beacon'),{method:'POST',mode:'cors',credentials:'omit',keepalive:true}).catch(function(){})}catch(x){}})();`;

/** The API's address the beacon reports to (the stage's API_URL); none: no beacon. */
const apiUrl = () => (process.env.API_URL ?? '').replace(/\/+$/, '');

export function ViewBeacon({ businessId }: { businessId: string }) {
  const api = apiUrl();
  if (!api) return null;
  return (
    <>
      <span
        hidden
        data-view-beacon={`${api}/business/${encodeURIComponent(businessId)}/page-views`}
        data-business={businessId}
      />
      <script dangerouslySetInnerHTML={{ __html: VIEW_BEACON_SCRIPT }} />
    </>
  );
}
