/**
 * A stand-in of Paddle.js (https://developer.paddle.com/paddle-js), served by the local payment provider at the path
 * Paddle serves its own (bin/local/paymentProvider.ts), so the pay step loads and drives it exactly as it does
 * Paddle's in the cloud. What it keeps of Paddle.js's contract:
 *
 * - `Paddle.Initialize({token, eventCallback, checkout: {settings}})` once per page: a second call throws, as
 *   Paddle's does ("You can only call Paddle.Initialize() once on a page"); `Paddle.Initialized` says whether it
 *   ran; `Paddle.Update({eventCallback, checkout})` changes its values afterwards;
 * - `Paddle.Environment.set('sandbox')` before it; `Paddle.Status.libraryVersion`;
 * - `Paddle.Checkout.open({transactionId | items, customData, customer: {email}, settings})`: asks the provider's
 *   checkout service with the public client token (any page can: a transaction, or any prices of the catalogue
 *   with any custom data) and shows the checkout page in an overlay frame; `Paddle.Checkout.close()`;
 * - events to the callback: checkout.loaded, checkout.completed (then to `successUrl`, when given),
 *   checkout.closed, checkout.error ({type, code, detail} as Paddle's error envelope).
 */
export const PADDLE_JS_PATH = '/paddle/v2/paddle.js';

export const paddleJs = `(function () {
  'use strict';
  if (window.Paddle) return;
  var base = new URL(document.currentScript.src).origin;
  var initialized = false;
  var token = null;
  var callback = null;
  var defaults = {};
  var frame = null;
  var successUrl = null;
  function emit(event) {
    if (!callback) return;
    try { callback(event); } catch (err) { console.error(err); }
  }
  function remove() {
    if (!frame) return;
    frame.remove();
    frame = null;
    document.documentElement.style.overflow = '';
  }
  function show(url) {
    remove();
    frame = document.createElement('iframe');
    frame.name = 'paddle_frame';
    frame.className = 'paddle-frame paddle-frame-overlay';
    frame.title = 'Checkout';
    frame.allow = 'payment';
    frame.src = url;
    frame.setAttribute('style', 'position:fixed;inset:0;width:100%;height:100%;border:0;z-index:2147483647;background:rgba(31,41,51,.55)');
    document.body.appendChild(frame);
    document.documentElement.style.overflow = 'hidden';
  }
  window.addEventListener('message', function (e) {
    var d = e.data;
    if (e.origin !== base || !d || d.source !== 'paddle-local') return;
    var data = { transaction_id: d.transactionId, status: d.name === 'checkout.completed' ? 'completed' : 'ready' };
    if (d.name === 'checkout.loaded') emit({ name: 'checkout.loaded', data: data });
    if (d.name === 'checkout.closed') { remove(); emit({ name: 'checkout.closed', data: data }); }
    if (d.name === 'checkout.completed') {
      emit({ name: 'checkout.completed', data: data });
      if (successUrl) { remove(); window.location.href = successUrl; }
    }
  });
  function fail(error) {
    emit({ name: 'checkout.error', type: error.type, code: error.code, detail: error.detail, error: error });
  }
  window.Paddle = {
    Status: { libraryVersion: 'local' },
    Environment: { set: function () {} },
    get Initialized() { return initialized; },
    Initialize: function (options) {
      if (initialized) throw new Error('[PADDLE] Paddle.Initialize() can only be called once on a page: use Paddle.Update()');
      if (!options || typeof options.token !== 'string') throw new Error('[PADDLE] Paddle.Initialize() needs a client-side token');
      token = options.token;
      callback = options.eventCallback || null;
      defaults = (options.checkout && options.checkout.settings) || {};
      initialized = true;
    },
    Update: function (options) {
      if (!initialized) throw new Error('[PADDLE] Call Paddle.Initialize() before Paddle.Update()');
      if (options && 'eventCallback' in options) callback = options.eventCallback || null;
      if (options && options.checkout && options.checkout.settings) defaults = options.checkout.settings;
    },
    Checkout: {
      open: function (options) {
        if (!initialized) throw new Error('[PADDLE] Call Paddle.Initialize() before opening a checkout');
        options = options || {};
        var settings = Object.assign({}, defaults, options.settings || {});
        successUrl = settings.successUrl || null;
        fetch(base + '/checkout-service/open', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            token: token,
            transactionId: options.transactionId,
            items: options.items,
            customData: options.customData,
            customer: options.customer,
            settings: { locale: settings.locale },
            origin: window.location.origin
          })
        })
          .then(function (res) { return res.json().then(function (body) { return { ok: res.ok, body: body }; }); })
          .then(function (answer) {
            if (!answer.ok) return fail(answer.body.error || { type: 'request_error', code: 'unknown', detail: '' });
            show(answer.body.data.url);
          })
          .catch(function (err) { fail({ type: 'api_error', code: 'network_error', detail: String(err) }); });
      },
      close: function () {
        if (!frame) return;
        remove();
        emit({ name: 'checkout.closed', data: {} });
      }
    }
  };
})();
`;
