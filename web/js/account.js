// Accounts on the page: who is signed in (GET /api/me), the header's
// corner (your name, or Sign in), the sign-in and sign-up forms. The
// session is an HttpOnly cookie the page never sees; fetch sends it.
import { api, guestName, setGuestName } from './api.js';
import { h, put, toast, pageTitle, showDialog } from './dom.js';

let me = null;

// The signed-in account ({signed_in, name}), asked once per page.
export async function whoAmI() {
  if (!me) {
    try {
      me = await api('GET', '/api/me');
    } catch {
      me = { signed_in: false };
    }
  }
  return me;
}

export function signedInName() {
  return me && me.signed_in ? me.name : null;
}

// The header's corner: the account's name (its profile), or Sign in.
export async function accountCorner(box) {
  const who = await whoAmI();
  if (!who.signed_in) {
    const here = encodeURIComponent(location.pathname);
    put(box,
      h('button', { class: 'linkish guest-name', id: 'guest-name', title: 'The name the other players read: change it',
        'aria-label': `Playing as ${guestName()}: change the name`, text: guestName(), onclick: () => nameDialog(box) }),
      h('a', { href: `/signin?next=${here}`, id: 'signin-link', text: 'Sign in' }));
    return;
  }
  put(box,
    h('a', { href: `/player/${encodeURIComponent(who.name)}`, class: 'me', id: 'me-link', text: who.name }),
    h('button', {
      class: 'linkish', id: 'signout', text: 'Sign out', onclick: async () => {
        try {
          await api('POST', '/api/logout', { body: {} });
          location.assign('/');
        } catch (err) {
          toast(err.message);
        }
      },
    }));
}

// A guest chooses the name the other players read (kept on this device).
function nameDialog(box) {
  const input = h('input', { type: 'text', id: 'guest-name-input', maxLength: 20, value: guestName(), autocomplete: 'nickname', spellcheck: false });
  const dialog = showDialog('Your name',
    h('form', {
      class: 'guest-name-form', onsubmit: (e) => {
        e.preventDefault();
        setGuestName(input.value);
        dialog.close();
        accountCorner(box);
      },
    },
    h('label', { class: 'option', for: 'guest-name-input' }, h('span', { class: 'label', text: 'Name' }), input,
      h('span', { class: 'help', text: 'The other players read it in your games (1 to 20 characters). An account keeps a name and a rating.' })),
    h('div', { class: 'button-row' }, h('button', { type: 'submit', class: 'primary', id: 'guest-name-save', text: 'Save' }))));
  input.select();
}

// /signin and /signup: one form, the other a link away.
export async function signInPage(main, mode) {
  const up = mode === 'signup';
  pageTitle(`${up ? 'Make an account' : 'Sign in'} · morph`);
  const next = new URLSearchParams(location.search).get('next');
  const target = next && next.startsWith('/') && !next.startsWith('//') ? next : '/lobby';
  const name = h('input', { type: 'text', name: 'name', id: 'name', autocomplete: 'username', required: true, minLength: 3, maxLength: 20, pattern: '[\\w\\-]{3,20}', spellcheck: false });
  const password = h('input', { type: 'password', name: 'password', id: 'password', autocomplete: up ? 'new-password' : 'current-password', required: true, minLength: up ? 10 : 1 });
  const button = h('button', { type: 'submit', class: 'primary big', id: 'account-submit', text: up ? 'Make the account' : 'Sign in' });
  const form = h('form', {
    class: 'account-form', onsubmit: async (event) => {
      event.preventDefault();
      button.disabled = true;
      try {
        await api('POST', up ? '/api/accounts' : '/api/login', { body: { name: name.value, password: password.value } });
        location.assign(target);
      } catch (err) {
        toast(err.message);
        button.disabled = false;
        password.select();
      }
    },
  },
  h('label', { class: 'option', for: 'name' }, h('span', { class: 'label', text: 'Name' }), name,
    up ? h('span', { class: 'help', text: '3 to 20 letters, digits, - or _. Others see it in the lobby and the games.' }) : null),
  h('label', { class: 'option', for: 'password' }, h('span', { class: 'label', text: 'Password' }), password,
    up ? h('span', { class: 'help', text: 'At least 10 characters. Nobody can read it back, not even the server: it keeps only a scrambled fingerprint of it.' }) : null),
  up ? h('details', { class: 'help' }, h('summary', { text: 'Details' }),
    'The fingerprint is an Argon2id hash (libsodium), slow to compute on purpose so that guessing passwords from it takes years.') : null,
  h('div', { class: 'button-row' }, button));
  const other = up
    ? h('p', {}, 'Have an account? ', h('a', { href: `/signin${location.search}`, text: 'Sign in' }), '.')
    : h('p', {}, 'New here? ', h('a', { href: `/signup${location.search}`, id: 'signup-link', text: 'Make an account' }),
      ' for ratings, the lobby and your games in one place. Playing by link needs no account.');
  put(main, h('section', { class: 'card account-card', 'aria-labelledby': 'account-title' },
    h('h1', { id: 'account-title', text: up ? 'Make an account' : 'Sign in' }), form, other));
  name.focus();
}
