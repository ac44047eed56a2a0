import type { FastifyInstance } from 'fastify';
import type { StripeRuntime } from './runtime.ts';

/**
 * `GET /sandbox.js`: a small `window.Stripe` stand-in for browsers with no way to reach js.stripe.com.
 * It talks to the sandbox's REST endpoints with the publishable key and renders plain inputs where
 * Stripe Elements would render its iframes. Covered: `elements()` with `card`/`payment`/`address`
 * elements (mount, on, update, getValue, submit), `createPaymentMethod`, `createToken` (answered as
 * `POST /v1/tokens` is: the stand-in has no tokens, so Stripe's 404), `confirmSetup`,
 * `confirmCardSetup`, `confirmPayment`, `confirmCardPayment`, `retrieveSetupIntent`,
 * `retrievePaymentIntent`. Nothing else of Stripe.js is.
 */
const script = (baseUrl: string): string => `(function () {
  'use strict';
  var BASE = ${JSON.stringify(baseUrl)};
  function encode(value, prefix, out) {
    if (value === undefined) return out;
    if (value === null) { out.push(encodeURIComponent(prefix) + '='); return out; }
    if (Array.isArray(value)) { value.forEach(function (v, i) { encode(v, prefix + '[' + i + ']', out); }); return out; }
    if (typeof value === 'object') { Object.keys(value).forEach(function (k) { encode(value[k], prefix ? prefix + '[' + k + ']' : k, out); }); return out; }
    out.push(encodeURIComponent(prefix) + '=' + encodeURIComponent(String(value)));
    return out;
  }
  function idOf(secret) { return String(secret || '').split('_secret_')[0]; }
  function secretOf(o) { return o.clientSecret || (o.elements && o.elements._options && o.elements._options.clientSecret); }
  function Stripe(key, options) {
    options = options || {};
    function api(method, path, params) {
      var headers = { Authorization: 'Bearer ' + key };
      if (options.stripeAccount) headers['Stripe-Account'] = options.stripeAccount;
      var body = encode(params || {}, '', []).join('&');
      var url = BASE + path;
      var init = { method: method, headers: headers };
      if (method === 'GET') { if (body) url += '?' + body; }
      else { headers['Content-Type'] = 'application/x-www-form-urlencoded'; init.body = body; }
      return fetch(url, init).then(function (response) {
        return response.json().then(function (json) { return response.ok ? { data: json } : { error: json.error || { type: 'api_error', message: 'Request failed' } }; });
      }, function (error) { return { error: { type: 'api_connection_error', message: String(error && error.message || error) } }; });
    }
    function cardElementOf(group) { return group && (group.getElement('payment') || group.getElement('card') || group.getElement('cardNumber')); }
    function addressOf(group) { var address = group && group.getElement('address'); return address ? address._value() : null; }
    function cardParams(element) {
      if (!element) return null;
      if (typeof element._card === 'function') return element._card();
      return element;
    }
    function paymentMethodParams(card, billing) {
      var params = { type: 'card', card: cardParams(card) };
      if (billing) params.billing_details = billing;
      return params;
    }
    function createPaymentMethod(a, b, c) {
      var params;
      if (a && a.elements) { params = paymentMethodParams(cardElementOf(a.elements), (a.params && a.params.billing_details) || billingFrom(addressOf(a.elements))); }
      else if (typeof a === 'string') { params = paymentMethodParams(b, c && c.billing_details); }
      else { params = paymentMethodParams(a.card, a.billing_details); }
      return api('POST', '/v1/payment_methods', params).then(function (r) { return r.error ? { error: r.error } : { paymentMethod: r.data }; });
    }
    function billingFrom(value) {
      if (!value) return undefined;
      return { name: value.name, phone: value.phone, address: value.address };
    }
    function resolvePaymentMethod(spec, group) {
      if (typeof spec === 'string') return Promise.resolve({ id: spec });
      var card = spec && spec.card ? spec.card : cardElementOf(group);
      var billing = (spec && spec.billing_details) || billingFrom(addressOf(group));
      return createPaymentMethod({ type: 'card', card: card, billing_details: billing }).then(function (r) { return r.error ? { error: r.error } : { id: r.paymentMethod.id }; });
    }
    function confirm(kind, secret, spec, group, confirmParams, redirect) {
      return resolvePaymentMethod(spec, group).then(function (pm) {
        if (pm.error) return { error: pm.error };
        var path = kind === 'setup' ? '/v1/setup_intents/' : '/v1/payment_intents/';
        return api('POST', path + idOf(secret) + '/confirm', { client_secret: secret, payment_method: pm.id }).then(function (r) {
          if (r.error) return { error: r.error };
          var returnUrl = confirmParams && confirmParams.return_url;
          if (returnUrl && redirect !== 'if_required') {
            var target = new URL(returnUrl, window.location.href);
            target.searchParams.set(kind === 'setup' ? 'setup_intent' : 'payment_intent', r.data.id);
            target.searchParams.set(kind === 'setup' ? 'setup_intent_client_secret' : 'payment_intent_client_secret', secret);
            target.searchParams.set('redirect_status', 'succeeded');
            window.location.assign(target.toString());
          }
          return kind === 'setup' ? { setupIntent: r.data } : { paymentIntent: r.data };
        });
      });
    }
    function makeElement(type, elementOptions, group) {
      var handlers = {}; var root = null; var inputs = {};
      var fields = type === 'address'
        ? [['name', 'Full name'], ['phone', 'Phone'], ['line1', 'Address line 1'], ['line2', 'Address line 2 (optional)'], ['city', 'City'], ['state', 'State'], ['postal_code', 'Postal code'], ['country', 'Country (2 letters)']]
        : [['number', 'Card number (try 4242 4242 4242 4242)'], ['exp', 'MM / YY'], ['cvc', 'CVC']];
      var defaults = (elementOptions && elementOptions.defaultValues) || {};
      function fire(name, payload) { (handlers[name] || []).slice().forEach(function (h) { try { h(payload); } catch (e) { console.error(e); } }); }
      function value() {
        var v = {}; Object.keys(inputs).forEach(function (k) { v[k] = inputs[k].value.trim(); });
        return v;
      }
      function complete() {
        var v = value();
        if (type === 'address') return !!(v.name && v.line1 && v.city && v.postal_code && v.country && (!(elementOptions && elementOptions.fields && elementOptions.fields.phone === 'always') || v.phone));
        return !!(v.number && /^\\d{1,2}\\s*\\/\\s*\\d{2,4}$/.test(v.exp) && v.cvc);
      }
      var element = {
        mount: function (target) {
          root = typeof target === 'string' ? document.querySelector(target) : target;
          if (!root) throw new Error('Sandbox Stripe: mount target not found');
          root.innerHTML = '';
          var box = document.createElement('div');
          box.setAttribute('data-sandbox-element', type);
          box.style.cssText = 'display:grid;gap:6px';
          fields.forEach(function (f) {
            var input = document.createElement('input');
            input.name = f[0]; input.placeholder = f[1]; input.setAttribute('aria-label', f[1]);
            input.setAttribute('data-sandbox-field', f[0]);
            input.style.cssText = 'padding:8px;border:1px solid #ccd;border-radius:4px;font:inherit';
            var initial = f[0] === 'name' || f[0] === 'phone' ? defaults[f[0]] : defaults.address && defaults.address[f[0]];
            if (initial) input.value = initial;
            input.addEventListener('input', function () { fire('change', { elementType: type, empty: !Object.keys(inputs).some(function (k) { return inputs[k].value; }), complete: complete(), value: type === 'address' ? element._value() : undefined }); });
            inputs[f[0]] = input; box.appendChild(input);
          });
          root.appendChild(box);
          // Stripe's Elements are iframes: 'ready' comes once the frame has loaded, never before the
          // page has painted the mount (a listener attached in an effect after mounting hears it).
          requestAnimationFrame(function () { requestAnimationFrame(function () { fire('ready', { elementType: type }); }); });
        },
        on: function (name, handler) { (handlers[name] = handlers[name] || []).push(handler); return element; },
        once: function (name, handler) { var wrapped = function (p) { element.off(name, wrapped); handler(p); }; return element.on(name, wrapped); },
        off: function (name, handler) { handlers[name] = (handlers[name] || []).filter(function (h) { return h !== handler; }); return element; },
        update: function () {}, focus: function () { var first = inputs[fields[0][0]]; if (first) first.focus(); }, blur: function () {}, clear: function () { Object.keys(inputs).forEach(function (k) { inputs[k].value = ''; }); },
        unmount: function () { if (root) root.innerHTML = ''; }, destroy: function () { element.unmount(); delete group._created[type]; },
        collapse: function () {},
        getValue: function () { return Promise.resolve({ complete: complete(), isNewAddress: true, value: element._value() }); },
        _complete: complete,
        _value: function () { var v = value(); return { name: v.name, phone: v.phone, address: { line1: v.line1, line2: v.line2 || null, city: v.city, state: v.state, postal_code: v.postal_code, country: (v.country || '').toUpperCase() } }; },
        _card: function () { var v = value(); var exp = (v.exp || '').split('/'); return { number: (v.number || '').replace(/\\s+/g, ''), exp_month: (exp[0] || '').trim(), exp_year: (exp[1] || '').trim(), cvc: v.cvc }; }
      };
      return element;
    }
    function elements(groupOptions) {
      var group = {
        _created: {}, _options: groupOptions || {},
        create: function (type, elementOptions) { var el = makeElement(type, elementOptions, group); group._created[type] = el; return el; },
        getElement: function (type) { return group._created[type] || null; },
        update: function (o) { Object.assign(group._options, o || {}); }, fetchUpdates: function () { return Promise.resolve({}); }, on: function () {},
        submit: function () {
          var missing = Object.keys(group._created).filter(function (t) { return !group._created[t]._complete(); });
          return Promise.resolve(missing.length ? { error: { type: 'validation_error', message: 'Some details are incomplete.' } } : {});
        }
      };
      return group;
    }
    return {
      elements: elements,
      createPaymentMethod: createPaymentMethod,
      // Stripe's React bindings check that it exists; the stand-in's API has no /v1/tokens.
      createToken: function (element, data) { return api('POST', '/v1/tokens', { card: Object.assign({}, cardParams(element), data || {}) }).then(function (r) { return r.error ? { error: r.error } : { token: r.data }; }); },
      confirmCardSetup: function (secret, data) { return confirm('setup', secret, data && data.payment_method, null); },
      // Like Stripe.js, the client secret comes from the call or from the Elements group created with it.
      confirmSetup: function (o) { return confirm('setup', secretOf(o), o.confirmParams && o.confirmParams.payment_method, o.elements, o.confirmParams, o.redirect); },
      confirmCardPayment: function (secret, data) { return confirm('payment', secret, data && data.payment_method, null); },
      confirmPayment: function (o) { return confirm('payment', secretOf(o), o.confirmParams && o.confirmParams.payment_method, o.elements, o.confirmParams, o.redirect); },
      retrieveSetupIntent: function (secret) { return api('GET', '/v1/setup_intents/' + idOf(secret), { client_secret: secret }).then(function (r) { return r.error ? { error: r.error } : { setupIntent: r.data }; }); },
      retrievePaymentIntent: function (secret) { return api('GET', '/v1/payment_intents/' + idOf(secret), { client_secret: secret }).then(function (r) { return r.error ? { error: r.error } : { paymentIntent: r.data }; }); },
      registerAppInfo: function () {}, _registerWrapper: function () {}
    };
  }
  Stripe.version = 3;
  Stripe.sandbox = true;
  window.Stripe = Stripe;
})();
`;

/**
 * The script calls the API at the origin the browser loaded it from: behind a published port (a
 * container's `sandbox:12111` seen as `localhost:12111`) the stand-in's own address is unreachable.
 */
export const browserScriptRoute = (app: FastifyInstance, rt: StripeRuntime): void => {
  app.get('/sandbox.js', async (request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(script(request.headers.host ? `${request.protocol}://${request.headers.host}` : rt.baseUrl)),
  );
};
