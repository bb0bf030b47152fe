// What the page tells the player outside the board: the notice line (errors and
// news), announcements for screen readers, and buttons that ask for a second press.

import { ServerError } from "./net.js";
import { app } from "./state.js";
import { errorText } from "./text.js";

export const $ = (id) => document.getElementById(id);

export function announce(text) {
  const box = $("announcer");
  box.textContent = "";
  // a fresh text node, a tick later, so the same words are read again
  setTimeout(() => { box.textContent = text; }, 30);
}

let noticeTimer = null;
export function showNotice(text, detail = "", kind = "error") {
  $("notice-text").textContent = text;
  $("notice-detail").textContent = detail;
  $("notice").dataset.kind = kind;
  $("notice").hidden = false;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(hideNotice, kind === "error" ? 12000 : 6000);
}

export function hideNotice() {
  $("notice").hidden = true;
}

export function showError(err) {
  if (err instanceof ServerError) {
    const { text, detail } = errorText(err.code, err.detail);
    showNotice(text, detail);
    $("notice").dataset.code = err.code;
  } else {
    showNotice("Something went wrong on this page.", String(err));
    $("notice").dataset.code = "client";
  }
}

/** Explain a click the page will not send, without asking the server. */
export function refuse(code, text) {
  showNotice(text, "", "error");
  $("notice").dataset.code = code;
  announce(text);
}

/** A button that needs a second press within a few seconds. */
export function twoStep(buttonEl, confirmLabel, action) {
  const now = Date.now();
  if (app.confirm && app.confirm.button === buttonEl && app.confirm.until > now) {
    buttonEl.textContent = app.confirm.label;
    buttonEl.classList.remove("confirming");
    app.confirm = null;
    action();
    return;
  }
  const label = buttonEl.textContent;
  app.confirm = { button: buttonEl, until: now + 4000, label };
  buttonEl.textContent = confirmLabel;
  buttonEl.classList.add("confirming");
  announce(`${confirmLabel}: press again to confirm.`);
  setTimeout(() => {
    if (app.confirm && app.confirm.button === buttonEl) {
      buttonEl.textContent = label;
      buttonEl.classList.remove("confirming");
      app.confirm = null;
    }
  }, 4000);
}
