/**
 * The public pages' few inline scripts (each one small; a page works without it). The CDN's Content-Security-Policy
 * allows exactly these by their hashes (infra/constructs/webHosting.ts), so every inline script a page runs is here.
 */
import { APP_HOME_PATH } from '../../../common/publicPages';

/** Sends a visitor who is signed in to the app (an ID token stored by the app: web/src/auth/storedToken.ts). */
const SIGNED_IN_REDIRECT = `try{for(var i=0;i<localStorage.length;i++){var k=localStorage.key(i);if(k&&k.indexOf('CognitoIdentityServiceProvider.')===0&&k.slice(-8)==='.idToken'&&localStorage.getItem(k)){location.replace('${APP_HOME_PATH}');break}}}catch(e){}`;

/** The Share button: the Web Share API where the browser has it, else copying the link; WhatsApp works without JavaScript. */
const SHARE_SCRIPT = `(function(){var d=document.documentElement;d.className+=' js'+(navigator.share?' js-share':'');document.addEventListener('click',function(e){var t=e.target.closest&&e.target.closest('[data-share-native],[data-share-copy]');if(!t)return;var u=t.getAttribute('data-url'),n=t.getAttribute('data-title');if(t.hasAttribute('data-share-native')){navigator.share({title:n,url:u}).catch(function(){});return}if(navigator.clipboard){navigator.clipboard.writeText(u).then(function(){t.textContent=t.getAttribute('data-done')})}})})();`;

export const SCRIPTS = { signedInRedirect: SIGNED_IN_REDIRECT, share: SHARE_SCRIPT };
