"""Scoring: the rules engine (``scoring.engine``, pure Python) and its web interfaces."""
