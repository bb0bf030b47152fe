// The create form's variant settings: the parameters the chosen variant lets its
// players set (the lobby's VariantInfo.settings), one select each; what differs from
// the variant's own values goes with create_room as `settings`.

import { $ } from "./notice.js";

const MOST_NUMBERS = 200; // a number range longer than this is cut (the server says why)

function words(value) {
  if (value === true) return "yes";
  if (value === false) return "no";
  return typeof value === "string" ? value.replaceAll("_", " ").toLowerCase() : String(value);
}

function option(value, chosen) {
  const o = document.createElement("option");
  o.value = JSON.stringify(value);
  o.textContent = words(value);
  o.selected = chosen;
  return o;
}

function control(choice) {
  const select = document.createElement("select");
  select.dataset.param = choice.param;
  select.dataset.kind = choice.kind;
  select.dataset.default = JSON.stringify(choice.default);
  select.id = `setting-${choice.param}`;
  if (choice.kind === "set") {
    select.multiple = true;
    select.title = "Any of them: Ctrl-click (⌘-click on a Mac) to pick more than one";
    select.size = Math.min(choice.values.length, 6);
    select.append(...choice.values.map((v) => option(v, choice.default.includes(v))));
  } else if (choice.kind === "number") {
    const top = Math.min(choice.max, choice.min + MOST_NUMBERS);
    for (let n = choice.min; n <= top; n += 1) select.append(option(n, n === choice.default));
  } else {
    select.append(...choice.values.map((v) => option(v, v === choice.default)));
  }
  return select;
}

/** Show the variant's settings (none: the fieldset hides). */
export function showSettings(variant) {
  const box = $("create-settings");
  const choices = variant?.settings || [];
  box.replaceChildren(...choices.map((choice) => {
    const label = document.createElement("label");
    label.className = "setting";
    label.append(`${choice.label[0].toUpperCase()}${choice.label.slice(1)} `, control(choice));
    return label;
  }));
  $("settings-field").hidden = choices.length === 0;
}

/** The settings chosen that differ from the variant's own: {param: value}. */
export function chosenSettings() {
  const out = {};
  for (const select of $("create-settings").querySelectorAll("select[data-param]")) {
    const value = select.dataset.kind === "set"
      ? [...select.selectedOptions].map((o) => JSON.parse(o.value))
      : JSON.parse(select.value);
    if (JSON.stringify(value) !== select.dataset.default) out[select.dataset.param] = value;
  }
  return out;
}
