// A game's chat: the players' channel for the players, the spectators'
// for everyone else (the players read it once the game is over). Messages
// are shown as text, never as HTML. The game's live stream says when a
// message comes (event "chat"); the panel then reads what it may.
import { api } from './api.js';
import { h, put, clear, toast } from './dom.js';
import { signedInName } from './account.js';

const MAX_CHARS = 200;

export class ChatPanel {
  constructor(screen) {
    this.screen = screen;
    this.last = { players: -1, spectators: -1 };
    this.channel = null;
    this.busy = false;
    this.list = h('ol', { class: 'chat-list', 'aria-live': 'polite', 'aria-label': 'Messages' });
    this.tabs = h('div', { class: 'chat-tabs', role: 'tablist' });
    this.form = h('form', { class: 'chat-form', onsubmit: (e) => this.send(e) });
    this.el = h('section', { class: 'chat', id: 'chat', 'aria-labelledby': 'chat-title' },
      h('h2', { id: 'chat-title', text: 'Chat' }), this.tabs, this.list, this.form);
  }

  // The channels this viewer reads now, the first being the one to write in.
  channels() {
    const state = this.screen.shown;
    if (this.screen.isPlayer) return state.result ? ['players', 'spectators'] : ['players'];
    return ['spectators'];
  }

  render() {
    const channels = this.channels();
    if (!channels.includes(this.channel)) {
      this.channel = channels[0];
      this.last = { players: -1, spectators: -1 };
      clear(this.list);
      this.refresh();
    }
    put(this.tabs, channels.map((c) => h('button', {
      type: 'button', role: 'tab', class: ['chat-tab', c === this.channel && 'current'], dataset: { channel: c },
      'aria-selected': c === this.channel ? 'true' : 'false', text: c === 'players' ? 'Players' : 'Spectators',
      onclick: () => {
        if (c === this.channel) return;
        this.channel = c;
        this.last[c] = -1;
        clear(this.list);
        this.render();
        this.refresh();
      },
    })));
    this.tabs.hidden = channels.length < 2;
    this.drawForm();
  }

  drawForm() {
    const writes = this.channel === 'players' ? this.screen.isPlayer : !this.screen.isPlayer && signedInName();
    if (this.channel === 'spectators' && this.screen.isPlayer) {
      put(this.form, h('p', { class: 'help', text: 'The spectators talked among themselves during the game.' }));
      return;
    }
    if (!writes) {
      // why: an account can be limited and muted, a guest could come back under any name to spam
      put(this.form, h('p', { class: 'help chat-why' }, h('a', { href: `/signin?next=${encodeURIComponent(location.pathname)}`, text: 'Sign in' }),
        ' to talk with the other spectators: only accounts may, to keep spam out.'));
      return;
    }
    if (this.form.querySelector('input.chat-input')) return; // keep what is being typed
    const input = h('input', {
      type: 'text', class: 'chat-input', name: 'text', maxLength: MAX_CHARS, autocomplete: 'off',
      'aria-label': this.channel === 'players' ? 'Message to the players' : 'Message to the spectators',
      placeholder: this.channel === 'players' ? 'Say something to the players' : 'Say something to the spectators',
    });
    const mute = this.screen.isPlayer && this.screen.shown.seats.length > 1
      ? h('label', { class: 'check chat-mute' }, h('input', {
        type: 'checkbox', id: 'chat-mute', checked: this.muted === true, onchange: (e) => this.setMute(e.target.checked),
      }), ' Mute the other players')
      : null;
    put(this.form, h('div', { class: 'chat-row' }, input, h('button', { type: 'submit', class: 'chat-send', text: 'Send' })), mute);
  }

  async refresh() {
    const channel = this.channel;
    if (!channel) return;
    if (this.busy) {
      this.again = true; // a message came while reading: read once more after
      return;
    }
    this.busy = true;
    this.again = false;
    try {
      const answer = await api('GET', `/api/games/${this.screen.id}/chat?channel=${channel}&after=${this.last[channel]}`,
        { tokens: this.screen.tokens });
      if (channel !== this.channel) return;
      this.last[channel] = answer.last;
      if (this.muted !== answer.muted) {
        this.muted = answer.muted;
        const box = this.form.querySelector('#chat-mute');
        if (box) box.checked = answer.muted;
      }
      const atEnd = this.list.scrollTop + this.list.clientHeight >= this.list.scrollHeight - 30;
      for (const m of answer.messages) {
        this.list.append(h('li', { class: ['chat-message', m.seat && `seat-${m.seat}`], dataset: { index: m.index } },
          h('strong', { class: 'chat-author', text: m.author }), ' ', h('span', { class: 'chat-text', text: m.text })));
      }
      if (atEnd || answer.messages.length) this.list.scrollTop = this.list.scrollHeight;
      if (!this.list.children.length) this.list.dataset.empty = 'yes';
      else delete this.list.dataset.empty;
    } catch {
      // a refused read (the channel changed with the game's end): the next event reads again
    } finally {
      this.busy = false;
      if (this.again) this.refresh();
    }
  }

  async send(event) {
    event.preventDefault();
    const input = this.form.querySelector('input.chat-input');
    const text = input.value.trim();
    if (!text) return;
    try {
      await api('POST', `/api/games/${this.screen.id}/chat`, { body: { channel: this.channel, text }, tokens: this.screen.tokens });
      input.value = '';
      this.refresh();
    } catch (err) {
      toast(err.message);
    }
  }

  async setMute(on) {
    try {
      await api('POST', `/api/games/${this.screen.id}/chat/mute`, { body: { mute: on }, tokens: this.screen.tokens });
      this.muted = on;
      this.last.players = -1;
      clear(this.list);
      this.refresh();
    } catch (err) {
      toast(err.message);
    }
  }
}
