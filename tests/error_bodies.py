"""An error answer's contract keys: each error's path, code and English message, with the
engine's message id and parameters (``message_id``, ``params``, checked where messages
are tested) left aside."""

from typing import Any

MESSAGE_KEYS = {"message_id", "params"}


def without_message_ids(body: Any) -> Any:
    """``{"errors": [...]}`` or a list of errors, each without its message id and
    parameters."""
    if isinstance(body, dict) and "errors" in body:
        return {**body, "errors": without_message_ids(body["errors"])}
    return [{key: value for key, value in error.items() if key not in MESSAGE_KEYS}
            for error in body]
