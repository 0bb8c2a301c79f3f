// Whether the server can be reached, said once for the whole page. While it
// cannot (the device is offline, or a request could not connect), one
// message under the header says so and points to Play offline, whose menu
// link a phone hides behind ☰; the message goes as soon as the network is
// back or a request gets through, and the page's lists load again then
// (the event 'morph:back'). api.js tells each request's fate with the
// events 'morph:unreachable' and 'morph:reachable'.
import { h } from './dom.js';

let banner = null;

function show() {
  if (banner) return;
  // the offline pages play without the server: nothing to point to there
  const offlinePage = location.pathname.startsWith('/offline');
  banner = h('div', { class: 'reach-banner', id: 'unreachable', role: 'alert' },
    h('strong', { text: 'The server cannot be reached right now.' }), ' ',
    offlinePage ? 'Games against the AI go on in this page.'
      : ['You can still ', h('a', { href: '/offline', id: 'unreachable-offline', text: 'play the AI offline' }), ', in this page.']);
  const main = document.getElementById('main');
  if (main) main.before(banner);
}

function hide() {
  if (!banner) return;
  banner.remove();
  banner = null;
  window.dispatchEvent(new Event('morph:back'));
}

// Starts listening (app.js, once a page).
export function watchReach() {
  window.addEventListener('morph:unreachable', show);
  window.addEventListener('morph:reachable', hide);
  window.addEventListener('offline', show);
  window.addEventListener('online', hide);
  if (!navigator.onLine) show();
}

// After an action failed for want of the server: the message's link takes
// the focus, so the way on is one key or tap away (false: no message).
export function pointToOffline() {
  const link = document.getElementById('unreachable-offline');
  if (!link) return false;
  link.scrollIntoView({ block: 'nearest' });
  link.focus();
  return true;
}
