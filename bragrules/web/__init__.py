"""The web table of ``bragrules serve``.

- :mod:`bragrules.web.service`: the table without the web (seats, tokens, turns, the timer for
  absent seats, disputes, each seat's own view), built on :class:`~bragrules.play.table.Table`
  and its log; it imports nothing of the web stack;
- :mod:`bragrules.web.app`: the ASGI app (Starlette and websockets, the ``web`` extra);
- ``static/``: the page, plain HTML, CSS and a small script, shipped in the package.
"""
