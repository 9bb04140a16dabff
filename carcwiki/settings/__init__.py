"""Settings split by environment: ``dev`` (default), ``test`` and ``prod`` build on ``base``."""
