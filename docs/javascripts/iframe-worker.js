/* A page opened from the file system (file://) cannot start a Web Worker: the browser refuses a
 * worker script of a file: URL. The search of the site runs in a worker; on such a page this script
 * runs the worker's script in a hidden frame of the page instead, with the calls a worker script
 * makes (postMessage, the "message" event, importScripts). Served over http(s), it does nothing and
 * the browser's own Worker is used.
 *
 * It is named iframe-worker.js: the theme's offline plugin adds a shim of that name from a CDN unless
 * the site's polyfills (mkdocs.yml → extra.polyfills) name one already. */
(function () {
  "use strict";
  if (location.protocol !== "file:") return;

  function loadScript(doc, url) {
    return new Promise(function (resolve, reject) {
      var script = doc.createElement("script");
      script.src = url;
      script.onload = function () { resolve(); };
      script.onerror = function () { reject(new Error("cannot load " + url)); };
      doc.head.appendChild(script);
    });
  }

  class IFrameWorker extends EventTarget {
    constructor(url) {
      super();
      this.onmessage = null;
      this.onerror = null;
      this._pending = [];
      this._frame = document.createElement("iframe");
      this._frame.hidden = true;
      this._frame.setAttribute("aria-hidden", "true");
      this._frame.title = "search worker";
      (document.body || document.documentElement).appendChild(this._frame);
      var scope = this._frame.contentWindow;
      var doc = this._frame.contentDocument;
      doc.open();
      doc.write("<!doctype html><html><head></head><body></body></html>");
      doc.close();
      var worker = this;
      // what the worker's script calls: its messages go to the page as the worker's "message" events
      scope.postMessage = function (data) {
        var copy = structuredClone(data);
        setTimeout(function () { worker._emit("message", new MessageEvent("message", {data: copy})); });
      };
      // scripts load in order; the theme's search worker awaits the call
      scope.importScripts = function () {
        var urls = Array.prototype.slice.call(arguments);
        return urls.reduce(function (done, u) {
          return done.then(function () { return loadScript(doc, new URL(u, url).href); });
        }, Promise.resolve());
      };
      this._ready = loadScript(doc, new URL(url, location.href).href).then(
        function () {
          var queued = worker._pending;
          worker._pending = null;
          queued.forEach(function (data) { worker._deliver(data); });
        },
        function (error) {
          worker._emit("error", new ErrorEvent("error", {message: error.message, error: error}));
        });
    }

    _emit(type, event) {
      var handler = this["on" + type];
      if (typeof handler === "function") handler.call(this, event);
      this.dispatchEvent(event);
    }

    _deliver(data) {
      var scope = this._frame.contentWindow;
      if (!scope) return;  // terminated
      scope.dispatchEvent(new scope.MessageEvent("message", {data: scope.structuredClone(data)}));
    }

    postMessage(data) {
      if (this._pending) this._pending.push(data);
      else this._deliver(data);
    }

    terminate() {
      this._pending = null;
      this._frame.remove();
    }
  }

  window.IFrameWorker = IFrameWorker;  // the theme's worker looks for it to find its own folder
  window.Worker = IFrameWorker;
})();
