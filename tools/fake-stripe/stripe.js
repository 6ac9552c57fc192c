// A stand-in for Stripe.js v3 (https://docs.stripe.com/js), served by the fake Stripe
// (tools/fake-stripe/main.rs) at /v3/ so the checkout's card payments can be tried and
// tested offline. It is the part of Stripe.js the checkout uses, with Stripe's names and
// shapes, in the deferred-intent flow ("collect payment details before creating an
// Intent"): Stripe(key) → stripe.elements({mode: 'payment', amount, currency, ...}) →
// elements.create('payment').mount(...) → elements.submit() → stripe.confirmPayment(...).
//
// Where Stripe draws the card's fields in an iframe of its own, this draws them in a
// wrapper it makes inside the mount point, styled inline (the store's CSP allows style
// attributes), each with its own label. It decides nothing about a card: the fake
// server answers Stripe's test cards as Stripe does (4242 4242 4242 4242 pays,
// 4000 0000 0000 0002 is declined, ...); this only checks that each field is filled in,
// with Stripe's words, and sends the card to confirm the PaymentIntent.
//
// Plain browser JavaScript (ES2020, no modules): it is loaded by a <script src>, as
// Stripe.js is, and defines window.Stripe.
(function () {
  'use strict';

  // The API is the fake's, the origin this file came from; read while it runs, the only
  // time document.currentScript names it.
  const script = document.currentScript;
  const apiBase = script && script.src ? new URL(script.src).origin : window.location.origin;

  /** An error Stripe.js throws for a call it cannot make sense of (a bug in the page). */
  class IntegrationError extends Error {
    constructor(message) {
      super(message);
      this.name = 'IntegrationError';
    }
  }

  const digitsOf = (text) => text.replace(/\D/g, '');

  // ---- the card's fields, as Stripe's Payment Element shows and checks them ----

  /** The number in groups of four as typed (15-digit American Express in 4-6-5), at most 19 digits. */
  function groupNumber(digits) {
    const amex = /^3[47]/.test(digits);
    const kept = digits.slice(0, amex ? 15 : 19);
    const sizes = amex ? [4, 6, 5] : [4, 4, 4, 4, 3];
    const groups = [];
    let at = 0;
    for (const size of sizes) {
      if (at >= kept.length) break;
      groups.push(kept.slice(at, at + size));
      at += size;
    }
    return groups.join(' ');
  }

  /**
   * The expiry as "MM / YY"; a first digit above 1 is a month of one digit, and a
   * four-digit year (an autofilled "12/2030") keeps its last two digits.
   */
  function formatExpiry(digits) {
    let kept = digits.length === 6 ? digits.slice(0, 2) + digits.slice(4) : digits.slice(0, 4);
    if (kept.length === 1 && kept > '1') kept = '0' + kept;
    return kept.length <= 2 ? kept : kept.slice(0, 2) + ' / ' + kept.slice(2);
  }

  const cvcLength = (number) => (/^3[47]/.test(digitsOf(number)) ? 4 : 3);

  function luhn(digits) {
    let sum = 0;
    for (let i = 0; i < digits.length; i++) {
      let d = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) {
        d *= 2;
        if (d > 9) d -= 9;
      }
      sum += d;
    }
    return sum % 10 === 0;
  }

  /** The card's fields: their names, labels, and what the browser may autofill. */
  const FIELDS = [
    { name: 'number', label: 'Card number', autocomplete: 'cc-number', placeholder: '1234 1234 1234 1234' },
    { name: 'expiry', label: 'Expiration date (MM / YY)', autocomplete: 'cc-exp', placeholder: 'MM / YY' },
    { name: 'cvc', label: 'Security code (CVC)', autocomplete: 'cc-csc', placeholder: 'CVC' },
  ];

  /** Each field's problem in Stripe's words, or nothing; in the fields' order. */
  function problems(values, now) {
    const found = {};
    const number = digitsOf(values.number);
    if (number.length < 12) found.number = { code: 'incomplete_number', message: 'Your card number is incomplete.' };
    else if (!luhn(number)) found.number = { code: 'invalid_number', message: 'Your card number is invalid.' };
    const expiry = digitsOf(values.expiry);
    const month = Number(expiry.slice(0, 2));
    const year = 2000 + Number(expiry.slice(2, 4));
    if (expiry.length < 4) found.expiry = { code: 'incomplete_expiry', message: "Your card's expiration date is incomplete." };
    else if (month < 1 || month > 12) found.expiry = { code: 'invalid_expiry_month', message: "Your card's expiration month is invalid." };
    else if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1))
      found.expiry = { code: 'invalid_expiry_year_past', message: "Your card's expiration year is in the past." };
    if (digitsOf(values.cvc).length < cvcLength(values.number))
      found.cvc = { code: 'incomplete_cvc', message: "Your card's security code is incomplete." };
    return found;
  }

  // ---- the look: Stripe's Appearance API, its few variables the checkout sets ----

  function look(appearance) {
    const v = (appearance && appearance.variables) || {};
    return {
      primary: v.colorPrimary || '#0570de',
      text: v.colorText || '#30313d',
      danger: v.colorDanger || '#df1b41',
      background: v.colorBackground || '#ffffff',
      font: v.fontFamily || 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      radius: v.borderRadius || '5px',
    };
  }

  const css = (el, styles) => Object.assign(el.style, styles);

  let made = 0; // ids unique on the page, for the labels and messages

  // ---- the Payment Element ----

  function createPaymentElement(group) {
    const handlers = { ready: [], change: [], focus: [], blur: [] };
    const emit = (event, payload) => handlers[event].forEach((handler) => handler(payload));
    const id = 'fake-stripe-' + ++made;
    const inputs = {};
    const messages = {};
    let wrapper;
    let destroyed = false;

    const values = () => ({ number: inputs.number.value, expiry: inputs.expiry.value, cvc: inputs.cvc.value });

    function state() {
      const now = values();
      return {
        elementType: 'payment',
        empty: FIELDS.every((f) => now[f.name] === ''),
        complete: Object.keys(problems(now, new Date())).length === 0,
        value: { type: 'card' },
      };
    }

    function showProblem(name, message) {
      const input = inputs[name];
      const note = messages[name];
      note.textContent = message || '';
      note.hidden = !message;
      if (message) {
        input.setAttribute('aria-invalid', 'true');
        input.setAttribute('aria-describedby', note.id);
      } else {
        input.removeAttribute('aria-invalid');
        input.removeAttribute('aria-describedby');
      }
      paint(name);
    }

    function paint(name) {
      const input = inputs[name];
      const theme = group.look;
      const focused = document.activeElement === input;
      const invalid = input.getAttribute('aria-invalid') === 'true';
      css(input, {
        borderColor: focused ? theme.primary : invalid ? theme.danger : '#8a8a8a',
        outline: focused ? '3px solid ' + theme.primary : 'none',
      });
    }

    // A field formatted again as typed, the caret kept after the same digits.
    function reformat(input, format) {
      const caret = input.selectionStart === null ? input.value.length : input.selectionStart;
      const atEnd = caret >= input.value.length;
      const before = digitsOf(input.value.slice(0, caret)).length;
      input.value = format(digitsOf(input.value));
      if (document.activeElement !== input) return;
      let at = input.value.length;
      if (!atEnd) {
        at = 0;
        for (let seen = 0; at < input.value.length && seen < before; at++) if (/\d/.test(input.value[at])) seen++;
      }
      input.setSelectionRange(at, at);
    }

    function field(spec) {
      const box = document.createElement('div');
      css(box, { display: 'flex', flexDirection: 'column', gap: '6px', minWidth: '0' });
      const label = document.createElement('label');
      label.htmlFor = id + '-' + spec.name;
      label.textContent = spec.label;
      css(label, { fontWeight: '600', fontSize: '0.95rem' });
      const input = document.createElement('input');
      input.id = id + '-' + spec.name;
      input.name = spec.name;
      input.type = 'text';
      input.inputMode = 'numeric';
      input.autocomplete = spec.autocomplete;
      input.placeholder = spec.placeholder;
      input.spellcheck = false;
      css(input, {
        width: '100%',
        boxSizing: 'border-box',
        padding: '11px 12px',
        border: '1px solid #8a8a8a',
        borderRadius: group.look.radius,
        background: group.look.background,
        color: group.look.text,
        font: 'inherit',
        fontSize: '1rem',
        outline: 'none',
      });
      const note = document.createElement('span');
      note.id = input.id + '-message';
      note.hidden = true;
      css(note, { color: group.look.danger, fontWeight: '600', fontSize: '0.85rem' });
      input.addEventListener('input', () => {
        if (spec.name === 'number') reformat(input, groupNumber);
        else if (spec.name === 'expiry') reformat(input, formatExpiry);
        else input.value = digitsOf(input.value).slice(0, cvcLength(inputs.number.value));
        // What was submitted has changed: it must be submitted again before a confirm.
        group.submitted = false;
        showProblem(spec.name, undefined);
        emit('change', state());
      });
      input.addEventListener('focus', () => {
        paint(spec.name);
        emit('focus', { elementType: 'payment' });
      });
      input.addEventListener('blur', () => {
        paint(spec.name);
        emit('blur', { elementType: 'payment' });
      });
      box.append(label, input, note);
      inputs[spec.name] = input;
      messages[spec.name] = note;
      return box;
    }

    const element = {
      /** Draws the card's fields inside `target` (an element, or a selector for one). */
      mount(target) {
        if (destroyed) throw new IntegrationError('This Element has been destroyed.');
        const host = typeof target === 'string' ? document.querySelector(target) : target;
        if (!(host instanceof HTMLElement)) throw new IntegrationError('The selector you specified does not match any elements.');
        if (wrapper) throw new IntegrationError('This Element is already mounted.');
        wrapper = document.createElement('div');
        wrapper.className = 'FakeStripeElement';
        css(wrapper, { display: 'flex', flexDirection: 'column', gap: '12px', fontFamily: group.look.font, color: group.look.text });
        const [number, expiry, cvc] = FIELDS.map(field);
        // The expiry and the code side by side while there is room, one above the other on a narrow screen.
        const row = document.createElement('div');
        css(row, { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))', gap: '12px' });
        row.append(expiry, cvc);
        wrapper.append(number, row);
        host.append(wrapper);
        // Stripe's element says it is ready once its iframe has loaded: after this call.
        setTimeout(() => {
          if (!destroyed && wrapper) emit('ready', { elementType: 'payment' });
        }, 0);
      },
      on(event, handler) {
        if (!handlers[event]) throw new IntegrationError('Unknown event: ' + event);
        handlers[event].push(handler);
        return element;
      },
      off(event, handler) {
        if (handlers[event]) handlers[event] = handlers[event].filter((h) => h !== handler);
        return element;
      },
      /** The keyboard's focus to the first field with a problem, or the number. */
      focus() {
        const first = FIELDS.find((f) => inputs[f.name] && inputs[f.name].getAttribute('aria-invalid') === 'true');
        const input = inputs[(first || FIELDS[0]).name];
        if (input) input.focus();
      },
      unmount() {
        if (wrapper) wrapper.remove();
        wrapper = undefined;
      },
      destroy() {
        element.unmount();
        destroyed = true;
        if (group.payment === element) group.payment = undefined;
      },
      // For elements.submit() and stripe.confirmPayment(), not part of Stripe's API.
      _mounted: () => wrapper !== undefined,
      _values: values,
      _check() {
        const found = problems(values(), new Date());
        FIELDS.forEach((f) => showProblem(f.name, found[f.name] && found[f.name].message));
        const first = FIELDS.find((f) => found[f.name]);
        if (first) inputs[first.name].focus();
        return first && found[first.name];
      },
      _busy(busy) {
        FIELDS.forEach((f) => (inputs[f.name].readOnly = busy));
      },
    };
    return element;
  }

  // ---- Elements ----

  function checkAmount(amount) {
    if (!Number.isInteger(amount) || amount < 0) throw new IntegrationError('Invalid value for elements(): amount should be a positive integer (in cents).');
  }

  function createElements(options) {
    if (!options || options.mode !== 'payment')
      throw new IntegrationError("Invalid value for elements(): mode should be 'payment' (the only mode this stand-in knows).");
    checkAmount(options.amount);
    if (typeof options.currency !== 'string') throw new IntegrationError('Invalid value for elements(): currency should be a string.');
    const group = {
      options: Object.assign({}, options),
      look: look(options.appearance),
      payment: undefined,
      submitted: false,
    };
    const elements = {
      create(type) {
        if (type !== 'payment') throw new IntegrationError('This stand-in for Stripe.js makes only the payment Element, not ' + type + '.');
        if (group.payment) throw new IntegrationError('Can only create one Element of type payment.');
        group.payment = createPaymentElement(group);
        return group.payment;
      },
      getElement(type) {
        return type === 'payment' ? group.payment || null : null;
      },
      update(changes) {
        if (changes && 'amount' in changes) checkAmount(changes.amount);
        Object.assign(group.options, changes);
      },
      /** Checks that each field is filled in; a problem shows by its field, and is the answer's error. */
      async submit() {
        const element = group.payment;
        if (!element || !element._mounted())
          return { error: { type: 'validation_error', code: 'incomplete', message: 'The payment details are not shown on the page.' } };
        const problem = element._check();
        group.submitted = !problem;
        return problem ? { error: Object.assign({ type: 'validation_error' }, problem) } : {};
      },
      _group: group,
    };
    return elements;
  }

  // ---- Stripe ----

  function form(fields) {
    const body = new URLSearchParams();
    Object.keys(fields).forEach((k) => body.append(k, fields[k]));
    return body;
  }

  function Stripe(publishableKey) {
    if (typeof publishableKey !== 'string' || !publishableKey.startsWith('pk_'))
      throw new IntegrationError('Invalid API Key provided: ' + publishableKey);
    return {
      elements: createElements,
      /**
       * Confirms the PaymentIntent named by `clientSecret` with the card in `elements`
       * (which elements.submit() has checked since it last changed). A card never
       * redirects, so with redirect 'if_required' the answer is the PaymentIntent, or the
       * error (a decline: type 'card_error').
       */
      async confirmPayment(params) {
        const p = params || {};
        const group = p.elements && p.elements._group;
        if (!group) throw new IntegrationError('Invalid value for confirmPayment(): elements should be an Elements group.');
        if (typeof p.clientSecret !== 'string' || !p.clientSecret.includes('_secret_'))
          throw new IntegrationError('Invalid value for confirmPayment(): clientSecret should be a client secret of the form ${id}_secret_${secret}.');
        if (p.redirect !== 'if_required' && !(p.confirmParams && p.confirmParams.return_url))
          throw new IntegrationError('confirmPayment(): confirmParams.return_url is required unless redirect is if_required.');
        const element = group.payment;
        if (!element || !element._mounted())
          throw new IntegrationError('confirmPayment(): the payment Element is not mounted.');
        if (!group.submitted)
          throw new IntegrationError(
            'elements.submit() must be called before stripe.confirmPayment(). Call elements.submit() as soon as your customer presses pay, prior to any asynchronous work.',
          );
        const id = p.clientSecret.slice(0, p.clientSecret.indexOf('_secret_'));
        const card = element._values();
        const expiry = digitsOf(card.expiry);
        element._busy(true);
        try {
          const response = await fetch(apiBase + '/v1/payment_intents/' + encodeURIComponent(id) + '/confirm', {
            method: 'POST',
            headers: { Authorization: 'Bearer ' + publishableKey, 'Content-Type': 'application/x-www-form-urlencoded' },
            body: form({
              client_secret: p.clientSecret,
              'payment_method_data[type]': 'card',
              'payment_method_data[card][number]': digitsOf(card.number),
              'payment_method_data[card][exp_month]': String(Number(expiry.slice(0, 2))),
              'payment_method_data[card][exp_year]': String(2000 + Number(expiry.slice(2, 4))),
              'payment_method_data[card][cvc]': digitsOf(card.cvc),
            }),
          });
          const json = await response.json().catch(() => ({}));
          if (response.ok) return { paymentIntent: json };
          return {
            error: json.error || { type: 'api_error', message: 'An unexpected error occurred (' + response.status + ').' },
          };
        } catch {
          return {
            error: { type: 'api_connection_error', message: 'We could not connect to Stripe. Check your connection and try again.' },
          };
        } finally {
          element._busy(false);
        }
      },
    };
  }

  window.Stripe = Stripe;
})();
