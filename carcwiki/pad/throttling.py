"""Limits per client on the score pad, counted like every other limit of the site
(:mod:`carcwiki.throttling`): new games (``pad_game``, as saved boards), entries and
edits (``pad_write``) and the phones' polls (``pad_read``, generous: every phone at a
table polls every second or so, often from one address)."""

from carcwiki.throttling import ClientRateThrottle


class NewGameThrottle(ClientRateThrottle):
    scope = "pad_game"


class WriteThrottle(ClientRateThrottle):
    scope = "pad_write"


class ReadThrottle(ClientRateThrottle):
    scope = "pad_read"
