// The names and sentences of options, their choices and the AI levels, as
// GET /api/meta gives them (the library's words for people: label, about,
// choice_words; each level's label by strength, about and rating), with the
// key or value itself where a server gives none.

// "Rule options" for an option.
export function optionLabel(option) {
  return option.label || capital(option.key.replace(/-/g, ' '));
}

// The one sentence that explains an option.
export function optionAbout(option) {
  return capital(option.about || option.help || '');
}

function choiceWords(option, value) {
  return (option.choice_words || []).find((c) => c.value === value) || null;
}

// "Strict call" for the choice strict-call of an option.
export function choiceLabel(option, value) {
  const w = choiceWords(option, value);
  return w ? w.label : capital(String(value).replace(/-/g, ' '));
}

export function choiceAbout(option, value) {
  const w = choiceWords(option, value);
  return w ? capital(w.about) : '';
}

// "Strongest" for an AI level of GET /api/meta.
export function levelLabel(level) {
  return level.label || capital(level.level);
}

// What the level does, for players: the help under a level's name.
export function levelAbout(level) {
  return level.about ? `${capital(level.about)}.` : capital(level.summary || '');
}

// The engine's name and its measured rating, for those who want them: the
// text of a level's "Details" fold ('' when the server gives no rating).
export function levelDetail(level) {
  return level.rating ? `Engine ${level.level}; rating ${level.rating}, measured in games between the levels.` : '';
}

export function capital(text) {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : '';
}
