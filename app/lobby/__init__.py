"""The lobby: a table for friends over the local network (issue 43; the first source's 遊戲大廳).

- :mod:`.protocol`: every message, defined once (``PROTOCOL.md`` holds its text);
- :mod:`.people`: the host's settings, a client as the lobby sees it, what the server lends the lobby;
- :mod:`.room`: one table, the game's own :class:`app.game.Table` with people in some of its seats;
- :mod:`.clocks`: each asked seat's time limit; :mod:`.answers`: a person's answer checked against what was asked;
- :mod:`.views`: what each client is sent (the one place a card leaves the server);
- :mod:`.lobby`: the tables and the people, each message carried out;
- :mod:`.server`: the aiohttp server and its guards; :mod:`.client`: the client;
- :mod:`.bench`: the lobby measured for `chinese-poker bench` (READY to the reveal, the server's memory).

Plain Python on the game's floor and aiohttp (the ``[web]`` extra), never Textual: the screens that join a lobby
(:mod:`app.screens.lobby`) read the client. :mod:`.server`, :mod:`.client` and :mod:`.bench` import aiohttp; the
others do not.
"""
