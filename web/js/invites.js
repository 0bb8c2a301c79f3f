// The seats still open in a game: for its players, an invitation link per
// seat to send (with Copy); for a listed game's watchers, a button to take
// one. Drawn by the game screen (game.js) at each new state.
import { api } from './api.js';
import { h, put, clear, toast } from './dom.js';

export async function renderInvites(screen, state) {
  const box = screen.el.invites;
  const open = state.seats.filter((seat) => seat.kind === 'human' && !seat.claimed);
  if (!open.length || state.result) {
    clear(box);
    screen.invitesVersion = -1;
    return;
  }
  if (!screen.isPlayer) {
    if (!state.listed) {
      clear(box);
      return;
    }
    put(box, h('h2', { text: 'Open seats' }),
      ...open.map((seat) => h('button', { class: 'primary take-seat', text: `Take seat ${seat.seat} (${seat.name})`, onclick: () => screen.takeSeat(seat.seat) })));
    return;
  }
  if (screen.invitesVersion === state.version) return;
  screen.invitesVersion = state.version;
  let invitations;
  try {
    ({ invitations } = await api('GET', `/api/games/${screen.id}/invitations`, { tokens: screen.tokens }));
  } catch (err) {
    toast(err.message);
    return;
  }
  put(box, h('h2', { text: 'Invite a friend' }),
    h('p', { class: 'help', text: 'Send each link to one person: opening it takes that seat.' }),
    ...invitations.map((inv) => {
      const url = new URL(inv.path, location.origin).href;
      const input = h('input', { type: 'text', readOnly: true, value: url, class: 'invite-link', 'aria-label': `Invitation link for seat ${inv.seat}`, onfocus: (e) => e.target.select() });
      const copy = h('button', {
        class: 'copy', text: 'Copy', 'aria-label': `Copy the link for seat ${inv.seat}`,
        onclick: () => copyText(url, input),
      });
      return h('div', { class: 'invite', dataset: { seat: inv.seat } }, h('span', { class: 'seat-label', text: `Seat ${inv.seat}` }), input, copy);
    }));
}

async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    toast('Link copied.', 'ok');
  } catch {
    input.focus();
    input.select();
    toast('Select the link and copy it (Ctrl+C).', 'ok');
  }
}
