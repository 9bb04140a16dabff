"""Limits per client on the score pad, counted like every other limit of the site
(:mod:`carcwiki.throttling`): new games (``pad_game``, as saved boards) and entries and
edits (``pad_write``). The phones' polls are not counted, as no read of the API is: a
poll of an unchanged game is one indexed query, and counting it would cost a write of the
limit's counter (a database write without Redis) for every phone every second."""

from carcwiki.throttling import ClientRateThrottle


class NewGameThrottle(ClientRateThrottle):
    scope = "pad_game"


class WriteThrottle(ClientRateThrottle):
    scope = "pad_write"
