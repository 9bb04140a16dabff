// What this phone has to send to the game, kept in localStorage until the server has
// answered it: each entry, change and undo is one request, sent in order, one at a
// time. A request the network loses stays first in line and goes again (an entry
// carries its own uid, so the server keeps it once however often it arrives).

export class Outbox {
  constructor(storageKey, storage = globalThis.localStorage) {
    this.key = storageKey;
    this.storage = storage;
    this.sending = false;
  }

  list() {
    try {
      return JSON.parse(this.storage.getItem(this.key) || "[]");
    } catch {
      return [];
    }
  }

  save(items) {
    if (items.length) this.storage.setItem(this.key, JSON.stringify(items));
    else this.storage.removeItem(this.key);
  }

  add(request) {
    this.save([...this.list(), request]);
  }

  // Sends what waits, in order. ``send(request)`` resolves to the fetch Response or
  // rejects when the network fails. Returns {sent, offline, refused: [[request, body]]}.
  async flush(send) {
    const outcome = { sent: 0, offline: false, refused: [] };
    if (this.sending) return outcome;
    this.sending = true;
    try {
      for (;;) {
        const [next] = this.list();
        if (!next) break;
        let response;
        try {
          response = await send(next);
        } catch {
          outcome.offline = true;
          break;
        }
        if (response.status === 429 || response.status >= 500) {
          outcome.offline = response.status >= 500;
          break; // kept: the server asks to wait, or could not answer now
        }
        const body = await response.json().catch(() => ({}));
        if (!response.ok) outcome.refused.push([next, body]);
        else outcome.sent += 1;
        this.save(this.list().slice(1));
      }
    } finally {
      this.sending = false;
    }
    return outcome;
  }
}

// A client id for an entry (the idempotency key): random, from the browser's generator,
// which pages served over plain HTTP may use too.
export function newUid() {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
