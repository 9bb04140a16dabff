"""The browser tests' page fixture (``open_builder``), shared by every module here."""

from tests.builder.test_browser import open_builder  # noqa: F401
