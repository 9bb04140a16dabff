"""The public, read-only REST API over the catalogue (scoring adds ``/api/score/``)."""
