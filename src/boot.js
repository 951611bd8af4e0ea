/* global document, location, requestAnimationFrame */
// Runs with the HTML, before the app: index.html loads it at the end of
// <body> (the page's CSP allows no inline script); the build minifies it
// under a hashed name (vite.config.ts).
//
// 1. Takes the session check index.html preloads: every page needs the
//    answer (src/lib/auth-client.ts takes this request over).
// 2. Shows the first screen of /landing, and of /chat once the session says
//    someone is signed in, from the markup the build rendered with the app's
//    own components (the <template>s in index.html, see vite.config.ts). The
//    app's first render (src/main.tsx) replaces it with the same screen, now
//    working. Other pages, and English, wait for the app as before.
// 3. Starts the app's code, and the page's own, once that first screen is on
//    display: on a slow network its few kilobytes do not queue behind the app.
(function () {
  var session = fetch('/api/auth/get-session', { credentials: 'same-origin' });
  globalThis.__sessionRequest = session;

  var path = location.pathname.replace(/\/+$/, '') || '/';
  var root = document.getElementById('root');
  var code = { app: [], pages: {} };
  try {
    code = JSON.parse(document.getElementById('app-code').textContent);
  } catch {
    // A build without the list (vite dev): the app is already in the page.
  }

  var started = false;
  function startApp() {
    if (started || !code.app.length) return;
    started = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = code.app[code.app.length - 1];
    document.head.appendChild(script);
    // The chunks it imports, and the page's own, fetched alongside it rather
    // than once it has arrived (in a task of their own: each takes a moment).
    setTimeout(function () {
      var files = code.app.slice(0, -1).concat(code.pages[path] || []);
      for (var i = 0; i < files.length; i++) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = files[i];
        document.head.appendChild(link);
      }
    }, 0);
  }

  /** Starts the app once the first screen has been painted (a hidden tab paints nothing: the timer). */
  function startAppAfterPaint() {
    if (typeof requestAnimationFrame === 'function')
      requestAnimationFrame(function () {
        setTimeout(startApp, 0);
      });
    setTimeout(startApp, 200);
  }

  function spanish() {
    // The static screens are in Spanish (src/lib/i18n.ts: anything but 'en' is Spanish).
    try {
      return localStorage.getItem('preferred_language') !== 'en';
    } catch {
      return true;
    }
  }

  function show(id, name) {
    var template = document.getElementById(id);
    // Never over the app: once React has #root, the static screen is not wanted.
    if (!root || !template || !template.content || root.firstChild || globalThis.__appStarted) return;
    var screen = template.content.cloneNode(true);
    if (name !== undefined) {
      // The top bar's account button: the name as src/lib/display-name.ts gives it before the profile loads.
      var mark = template.getAttribute('data-name-mark');
      var walker = document.createTreeWalker(screen, 4 /* NodeFilter.SHOW_TEXT */);
      while (walker.nextNode()) {
        if (walker.currentNode.data === mark)
          walker.currentNode.data = name || template.getAttribute('data-name-fallback') || '';
      }
    }
    root.appendChild(screen);
  }

  if ((path === '/landing' || path === '/') && spanish()) {
    show('shell-landing');
    startAppAfterPaint();
  } else if (path === '/chat' && spanish()) {
    // Only for someone signed in: anyone else is sent to /login by the app.
    // The answer is on its way already (preloaded with the HTML).
    session
      .then(function (response) {
        return response.ok ? response.clone().json() : null;
      })
      .then(function (answer) {
        if (answer && answer.user) show('shell-chat', String(answer.user.name || '').trim());
      })
      .catch(function () {
        // No static screen: the app shows its own.
      })
      .then(startAppAfterPaint);
    // A slow answer does not hold the app back.
    setTimeout(startApp, 1000);
  } else {
    startApp();
  }
})();
