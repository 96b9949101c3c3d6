/**
 * The public pages' few inline scripts (each one small; a page works without it). The CDN's Content-Security-Policy
 * allows exactly these by their hashes (infra/constructs/webHosting.ts), so every inline script a page runs is here.
 */
import { APP_HOME_PATH } from '../../../common/publicPages';
import { VIEW_BEACON_SCRIPT } from '../viewBeacon';

/** Sends a visitor who is signed in to the app (an ID token stored by the app: web/src/auth/storedToken.ts). */
const SIGNED_IN_REDIRECT = `try{for(var i=0;i<localStorage.length;i++){var k=localStorage.key(i);if(k&&k.indexOf('CognitoIdentityServiceProvider.')===0&&k.slice(-8)==='.idToken'&&localStorage.getItem(k)){location.replace('${APP_HOME_PATH}');break}}}catch(e){}`;

/** The Share button: the Web Share API where the browser has it, else copying the link; WhatsApp works without JavaScript. */
const SHARE_SCRIPT = `(function(){var d=document.documentElement;d.className+=' js'+(navigator.share?' js-share':'');document.addEventListener('click',function(e){var t=e.target.closest&&e.target.closest('[data-share-native],[data-share-copy]');if(!t)return;var u=t.getAttribute('data-url'),n=t.getAttribute('data-title');if(t.hasAttribute('data-share-native')){navigator.share({title:n,url:u}).catch(function(){});return}if(navigator.clipboard){navigator.clipboard.writeText(u).then(function(){t.textContent=t.getAttribute('data-done')})}})})();`;

/**
 * The landing's services carousel (pages/landing.tsx): marks the page so its next and previous buttons show, and
 * on their click scrolls the row they control by one view (as many whole cards as show: 3 on a desktop, 1 on a
 * phone; the cards snap into place); next from the last view goes back to the first, previous from the first to
 * the last. Without it the row scrolls sideways by hand.
 */
const CAROUSEL_SCRIPT = `(function(){var d=document;d.documentElement.classList.add('js-carousel');d.addEventListener('click',function(e){var b=e.target.closest&&e.target.closest('[data-carousel-step]');if(!b)return;var r=d.getElementById(b.getAttribute('aria-controls'));if(!r)return;var w=r.clientWidth,end=r.scrollWidth-w,x=r.scrollLeft,g=parseFloat(getComputedStyle(r).columnGap)||0,c=r.firstElementChild,cw=c?c.getBoundingClientRect().width+g:w+g,step=Math.max(1,Math.floor((w+g+1)/cw))*cw,to;if(Number(b.getAttribute('data-carousel-step'))>0)to=x>=end-2?0:Math.min(x+step,end);else to=x<=2?end:Math.max(x-step,0);r.scrollTo({left:to,behavior:matchMedia('(prefers-reduced-motion: reduce)').matches?'auto':'smooth'})})})();`;

export const SCRIPTS = {
  signedInRedirect: SIGNED_IN_REDIRECT,
  share: SHARE_SCRIPT,
  carousel: CAROUSEL_SCRIPT,
  viewBeacon: VIEW_BEACON_SCRIPT,
};
