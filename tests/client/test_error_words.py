"""The terminal has words for every error code the server can send, as the page has
(tests/web/test_page.py): a code without them reached players as "Server error (quota)"."""

from __future__ import annotations

import pytest

from mancala.protocol.messages import ErrorCode
from mancala_client.api import ServerError
from mancala_client.wording import ERROR_HINTS, describe_error


def test_every_error_code_has_terminal_words() -> None:
    assert {code.value for code in ErrorCode} - set(ERROR_HINTS) == set()


@pytest.mark.parametrize("code", list(ErrorCode))
def test_an_error_reads_as_words_and_keeps_the_servers_reason(code: ErrorCode) -> None:
    said = describe_error(ServerError(code.value, "the reason", []), None)
    assert not said.startswith("Server error") and said.endswith(": the reason")
